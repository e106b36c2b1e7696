import { text } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { paymentsCsv } from './export-payments.js';

const HOUR_MS = 3_600_000;

describe('GET /api/payments/export.csv', () => {
  let t: TestContext;
  let cookie: string;

  beforeEach(async () => {
    // 1 July 2026, 10:00 in London (BST): UK days and UTC days differ after 23:00 UTC.
    t = await createTestContext();
    t.clock.set(Date.UTC(2026, 6, 1, 9, 0));
    cookie = await signIn(t.app);
  });
  afterEach(() => t.close());

  const exported = async (query: string) => {
    const response = await t.app.inject({
      url: `/api/payments/export.csv?${query}`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return {
      response,
      rows: parse(response.body, { bom: true }) as string[][],
    };
  };
  const payPortal = async (linkId: string, amount?: string) => {
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/payment-link/${linkId}/pay`,
      headers: { origin: TEST_ORIGIN },
      payload: amount ? { method: 'open-banking', amount } : { method: 'card' },
    });
    expect(pay.statusCode, pay.body).toBe(200);
  };
  const recordOffline = async (tenantId: string, payment: Record<string, string>) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/leaseholders/${tenantId}/payments`,
      headers: { cookie, origin: TEST_ORIGIN },
      payload: payment,
    });
    expect(response.statusCode, response.body).toBe(201);
  };

  it('lists the payments received on the chosen UK days, portal and offline, as they were paid', async () => {
    const margaret = await createPaymentLink(t.ctx, {
      amount_pence: 124_550,
      tenant: { name: 'Margaret Hughes', reference: 'RIV-F1', address: 'Flat 1, Riverside Court' },
    });
    const dafydd = await createPaymentLink(t.ctx, {
      amount_pence: 31_000,
      tenant: { name: 'Dafydd Jones', address: 'Flat 2, Riverside Court' },
    });
    const sian = await createPaymentLink(t.ctx, {
      amount_pence: 8_990,
      tenant: { name: '=Siân Evans', address: 'Flat 3, Riverside Court' },
    });

    await payPortal(margaret.id, '200.00'); // 1 July, 10:00 BST
    t.clock.advance(HOUR_MS);
    // A cheque that came on 30 June, recorded on 1 July at 11:00.
    await recordOffline(dafydd.tenant_id, {
      amount: '310.00',
      method: 'cheque',
      reference: 'CHQ 100234',
      paidOn: '2026-06-30',
    });
    // 00:30 BST on 2 July: still 1 July in UTC, but the UK's 2 July.
    t.clock.set(Date.UTC(2026, 6, 1, 23, 30));
    await payPortal(sian.id);
    cookie = await signIn(t.app);

    const { response, rows } = await exported('from=2026-06-30&to=2026-07-01');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="payments-received-2026-07-02.csv"',
    );
    expect(rows).toEqual([
      [
        'Date Paid',
        'Account Reference',
        'Tenant Name',
        'Property Address',
        'Amount (£)',
        'Method',
        'Received Through',
        'Payment Reference',
        'Recorded',
      ],
      [
        '2026-06-30',
        '',
        'Dafydd Jones',
        'Flat 2, Riverside Court',
        '310.00',
        'Cheque',
        'Recorded by staff',
        'CHQ 100234',
        '2026-07-01 11:00',
      ],
      [
        '2026-07-01',
        'RIV-F1',
        'Margaret Hughes',
        'Flat 1, Riverside Court',
        '200.00',
        'Open Banking',
        'Portal (demo)',
        expect.stringMatching(/^DEMO-/),
        '2026-07-01 10:00',
      ],
    ]);

    const nextDay = await exported('from=2026-07-02&to=2026-07-02');
    expect(nextDay.rows.slice(1)).toEqual([
      [
        '2026-07-02',
        '',
        // A cell Excel would run as a formula is neutralised.
        "'=Siân Evans",
        'Flat 3, Riverside Court',
        '89.90',
        'Debit/Credit Card',
        'Portal (demo)',
        expect.stringMatching(/^DEMO-/),
        '2026-07-02 00:30',
      ],
    ]);
  });

  it('pages through a long month in order', async () => {
    const links = [];
    for (let n = 0; n < 5; n += 1) {
      links.push(
        await createPaymentLink(t.ctx, {
          amount_pence: 1_000 + n,
          tenant: { name: `Leaseholder ${n}`, address: `Flat ${n}` },
        }),
      );
    }
    for (const link of [...links].reverse()) {
      await payPortal(link.id);
      t.clock.advance(60_000);
    }
    const body = await text(
      paymentsCsv(t.ctx, { from: '2026-07-01', to: '2026-07-01' }, { pageRows: 2 }),
    );
    const names = (parse(body, { bom: true }) as string[][]).slice(1).map((row) => row[2]);
    expect(names).toEqual([4, 3, 2, 1, 0].map((n) => `Leaseholder ${n}`));
  });

  it('refuses a range that ends before it starts, or is not a date', async () => {
    const backwards = await t.app.inject({
      url: '/api/payments/export.csv?from=2026-07-02&to=2026-07-01',
      headers: { cookie },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain('The last day must be on or after the first');
    const notADate = await t.app.inject({
      url: '/api/payments/export.csv?from=yesterday&to=2026-07-01',
      headers: { cookie },
    });
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().message).toContain('Enter the date as YYYY-MM-DD');
    const noSuchDay = await t.app.inject({
      url: '/api/payments/export.csv?from=2026-02-30&to=2026-03-01',
      headers: { cookie },
    });
    expect(noSuchDay.statusCode).toBe(400);
    expect(noSuchDay.json().message).toContain('Enter a real date');
    const signedOut = await t.app.inject({
      url: '/api/payments/export.csv?from=2026-07-01&to=2026-07-01',
    });
    expect(signedOut.statusCode).toBe(401);
  });
});
