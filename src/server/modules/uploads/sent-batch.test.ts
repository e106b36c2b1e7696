import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { csvOf, HEADER, uploadFile } from '../../../../tests/helpers/uploads.js';
import { newPaymentLinkRow } from '../payment-links/new-payment-link-row.js';

const ROWS = [
  ['Margaret Hughes', 'margaret@example.co.uk', '07911 123456', 'Flat 3, Riverside Court', '10'],
  ['Dafydd ap Gruffydd', 'dafydd@example.cymru', '', 'Fflat 7, Stryd y Castell', '20'],
  ['Siobhán Ó Súilleabháin', '', '07911 123457', 'Flat 9, Quay Street', '30'],
];

/** Issue 31: a batch sent once offers only what it has not sent, with the true count. */
describe('a batch already sent', () => {
  let t: TestContext;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestContext();
    cookie = await signIn(t.app);
  });
  afterEach(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string) =>
    t.app.inject({ method: 'POST', url, headers: { cookie, origin: TEST_ORIGIN } });

  it('counts, previews and sends only the links not sent yet', async () => {
    const { batchId } = (await uploadFile(t.app, cookie, 'a.csv', csvOf([HEADER, ...ROWS]))).json();
    expect((await get(`/api/upload/batch/${batchId}`)).json()).toMatchObject({
      unsentLinks: 3,
      notificationsSentAt: null,
    });

    // Renewed before Send All: the new link is messaged at once, so it is not sent twice.
    const [first] = await t.ctx.db
      .selectFrom('payment_links')
      .select('id')
      .where('batch_id', '=', batchId)
      .orderBy('batch_row')
      .execute();
    expect((await post(`/api/payment-links/${first!.id}/renew`)).statusCode).toBe(200);
    expect((await get(`/api/upload/batch/${batchId}`)).json().unsentLinks).toBe(2);
    const preview = (await get(`/api/upload/batch/${batchId}/preview`)).json();
    // The renewed link has no row of the file, so its place in the list differs by engine.
    expect(
      preview.tenants
        .map((entry: { tenant: { name: string }; isSent: boolean }) => [
          entry.tenant.name,
          entry.isSent,
        ])
        .sort(),
    ).toEqual([
      ['Dafydd ap Gruffydd', false],
      ['Margaret Hughes', true],
      ['Siobhán Ó Súilleabháin', false],
    ]);

    expect((await post(`/api/upload/batch/${batchId}/send-notifications`)).json()).toEqual({
      totalSent: 2,
    });
    const sent = (await get(`/api/upload/batch/${batchId}`)).json();
    expect(sent).toMatchObject({ unsentLinks: 0, totalSent: 3 });
    expect(sent.notificationsSentAt).toBe(new Date(t.clock.now()).toISOString());
    const again = (await get(`/api/upload/batch/${batchId}/preview`)).json();
    expect(again.tenants.every((entry: { isSent: boolean }) => entry.isSent)).toBe(true);
    expect((await post(`/api/upload/batch/${batchId}/send-notifications`)).json()).toEqual({
      totalSent: 0,
    });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'upload.batch_sent')
      .execute();
    expect(audit).toEqual([{ details: JSON.stringify({ leaseholders: 2 }) }]);
  });

  it('sends a link made after the first send when Send is pressed again', async () => {
    const { batchId } = (await uploadFile(t.app, cookie, 'a.csv', csvOf([HEADER, ...ROWS]))).json();
    expect((await post(`/api/upload/batch/${batchId}/send-notifications`)).json()).toEqual({
      totalSent: 3,
    });
    // A link of the batch whose messages were never queued (e.g. its account was on hold).
    const tenant = await t.ctx.db.selectFrom('tenants').select('id').executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('payment_links')
      .values(
        newPaymentLinkRow(t.ctx, { tenantId: tenant.id, amountPence: 500, batchId, batchRow: 9 }),
      )
      .execute();
    expect((await get(`/api/upload/batch/${batchId}`)).json().unsentLinks).toBe(1);
    expect((await post(`/api/upload/batch/${batchId}/send-notifications`)).json()).toEqual({
      totalSent: 1,
    });
  });
});
