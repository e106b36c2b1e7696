import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { csvOf, HEADER, uploadFile } from '../../../../tests/helpers/uploads.js';

/** Issue 31: Renew asks first, with what it would send and when the current link went. */
describe('GET /api/payment-links/{id}/renewal', () => {
  let t: TestContext;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestContext();
    cookie = await signIn(t.app);
  });
  afterEach(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('says the amount, the name, the channels and when the current link was sent', async () => {
    const rows = [
      HEADER,
      ['Nia Evans', 'nia@example.co.uk', '07911 123456', '7 Castle Street', '1245.50'],
      ['Dan Brown', 'dan@example.com', '020 7946 0123', 'Flat 5', '20'],
    ];
    const { batchId } = (await uploadFile(t.app, cookie, 'a.csv', csvOf(rows))).json();
    const links = await t.ctx.db
      .selectFrom('payment_links')
      .select('id')
      .where('batch_id', '=', batchId)
      .orderBy('batch_row')
      .execute();
    const before = (await get(`/api/payment-links/${links[0]!.id}/renewal`)).json();
    expect(before).toMatchObject({
      tenantName: 'Nia Evans',
      amount: '1245.50',
      channels: ['email', 'whatsapp'],
      sentAt: null,
    });

    const sentAt = t.clock.now();
    await t.app.inject({
      method: 'POST',
      url: `/api/upload/batch/${batchId}/send-notifications`,
      headers: { cookie, origin: TEST_ORIGIN },
    });
    t.clock.advance(5 * 60_000);
    const after = (await get(`/api/payment-links/${links[0]!.id}/renewal`)).json();
    expect(after.sentAt).toBe(new Date(sentAt).toISOString());
    // A landline is never messaged: email only.
    expect((await get(`/api/payment-links/${links[1]!.id}/renewal`)).json().channels).toEqual([
      'email',
    ]);
    expect((await get('/api/payment-links/unknown/renewal')).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/payment-links/${links[0]!.id}/renewal`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
