import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { csvOf, HEADER, uploadFile } from '../../../../tests/helpers/uploads.js';

const DAY_MS = 24 * 3_600_000;
const MARGARET = [
  'Margaret Hughes',
  'margaret@example.co.uk',
  '',
  'Flat 1, Riverside Court',
  '1245.50',
  'RIV-F1',
];
const DAFYDD = [
  'Dafydd Jones',
  'dafydd@example.cymru',
  '',
  'Flat 2, Riverside Court',
  '310.00',
  'RIV-F2',
];
const SIOBHAN = [
  'Siobhán Kelly',
  'siobhan@example.ie',
  '',
  'Flat 3, Riverside Court',
  '89.99',
  'RIV-F3',
];

/**
 * Leaseholders the agent's sheets stopped naming (sold, or a duplicate account) keep a balance no
 * upload will change: staff find them as "not on recent sheets" and correct them.
 */
describe('accounts not on recent sheets', () => {
  let t: TestContext;
  const start = Date.UTC(2026, 8, 1, 9, 0);

  beforeEach(async () => {
    t = await createTestContext();
    t.clock.set(start);
    const sheet = csvOf([[...HEADER, 'Account Reference'], MARGARET, DAFYDD, SIOBHAN]);
    const response = await uploadFile(t.app, await signIn(t.app), 'september.csv', sheet);
    expect(response.statusCode, response.body).toBe(200);
  });
  afterEach(() => t.close());

  const offSheets = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/leaseholders?status=off_sheets&sort=name&direction=asc',
      headers: { cookie: await signIn(t.app) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json()
      .items.map((item: { name: string; offSheetsSince: string | null }) => [
        item.name,
        item.offSheetsSince,
      ]);
  };

  it('lists those owing that no sheet named for over 35 days, until corrected or named again', async () => {
    // October's sheet names Margaret (same balance: unchanged) and Siobhán, not Dafydd.
    t.clock.set(start + 30 * DAY_MS);
    const october = csvOf([[...HEADER, 'Account Reference'], MARGARET, SIOBHAN]);
    await uploadFile(t.app, await signIn(t.app), 'october.csv', october);
    t.clock.set(start + 35 * DAY_MS);
    expect(await offSheets()).toEqual([]);

    t.clock.set(start + 36 * DAY_MS);
    expect(await offSheets()).toEqual([['Dafydd Jones', new Date(start).toISOString()]]);
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/leaseholders?sort=name&direction=asc',
      headers: { cookie: await signIn(t.app) },
    });
    expect(
      all.json().items.map((item: { offSheetsSince: string | null }) => item.offSheetsSince),
    ).toEqual([new Date(start).toISOString(), null, null]);

    // He sold: staff clear the balance, and he is off the list.
    const dafydd = await t.ctx.db
      .selectFrom('tenants')
      .select('id')
      .where('reference', '=', 'RIV-F2')
      .executeTakeFirstOrThrow();
    const corrected = await t.app.inject({
      method: 'PUT',
      url: `/api/leaseholders/${dafydd.id}/balance`,
      headers: { cookie: await signIn(t.app), origin: TEST_ORIGIN },
      payload: { balance: '0.00', reason: 'Sold on 12/10/2026' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await offSheets()).toEqual([]);
  });

  it('takes a leaseholder named again off the list', async () => {
    t.clock.set(start + 40 * DAY_MS);
    expect((await offSheets()).map(([name]: [string]) => name)).toEqual([
      'Dafydd Jones',
      'Margaret Hughes',
      'Siobhán Kelly',
    ]);
    const november = csvOf([[...HEADER, 'Account Reference'], DAFYDD]);
    await uploadFile(t.app, await signIn(t.app), 'november.csv', november);
    expect((await offSheets()).map(([name]: [string]) => name)).toEqual([
      'Margaret Hughes',
      'Siobhán Kelly',
    ]);
  });
});
