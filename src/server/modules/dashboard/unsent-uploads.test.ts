import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { csvOf, HEADER, uploadFile } from '../../../../tests/helpers/uploads.js';

const DAY = 24 * 60 * 60 * 1000;

/** Uploads whose links were made and never sent: the dashboard names them until they are sent. */
describe('GET /api/dashboard/unsent-uploads', () => {
  let t: TestContext;
  let cookie: string;

  beforeEach(async () => {
    t = await createTestContext();
    cookie = await signIn(t.app);
  });
  afterEach(async () => {
    await t.close();
  });

  const unsent = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/unsent-uploads',
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const upload = async (filename: string, rows: string[][]) => {
    const response = await uploadFile(t.app, cookie, filename, csvOf([HEADER, ...rows]));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().batchId as string;
  };
  const send = async (batchId: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/upload/batch/${batchId}/send-notifications`,
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const hughes = [
    'Margaret Hughes',
    'margaret@example.co.uk',
    '',
    'Flat 3, Riverside Court',
    '450',
  ];
  const okafor = ['Peter Okafor', 'peter@example.co.uk', '', 'Flat 7, Riverside Court', '120'];
  const patel = ['Raj Patel', 'raj@example.co.uk', '', 'Flat 12, Riverside Court', '80'];

  it('names an upload never sent, with its links and first expiry, until it is sent', async () => {
    expect(await unsent()).toEqual([]);
    const november = await upload('november.csv', [hughes, okafor]);
    const other = await upload('block-b.csv', [patel]);
    await send(other);
    const [listed, ...rest] = await unsent();
    expect(rest).toEqual([]);
    const firstExpiry = await t.ctx.db
      .selectFrom('payment_links')
      .select((eb) => eb.fn.min('expires_at').as('at'))
      .where('batch_id', '=', november)
      .executeTakeFirstOrThrow();
    expect(listed).toEqual({
      batchId: november,
      filename: 'november.csv',
      uploadedAt: new Date(t.clock.now()).toISOString(),
      unsentLinks: 2,
      firstExpiresAt: new Date(Number(firstExpiry.at)).toISOString(),
    });

    // The same sheet again the next day makes no links, as the first made them: still unsent.
    t.clock.advance(DAY);
    cookie = await signIn(t.app);
    await upload('november-again.csv', [hughes, okafor]);
    expect((await unsent()).map((each: { batchId: string }) => each.batchId)).toEqual([november]);

    await send(november);
    expect(await unsent()).toEqual([]);
  });

  it('forgets an upload once its links have run out', async () => {
    await upload('november.csv', [hughes]);
    expect(await unsent()).toHaveLength(1);
    t.clock.advance(t.ctx.config.linkLifetimeMs + DAY);
    cookie = await signIn(t.app);
    expect(await unsent()).toEqual([]);
  });

  it('is for staff only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dashboard/unsent-uploads' });
    expect(response.statusCode).toBe(401);
  });
});
