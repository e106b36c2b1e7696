import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentLink, type PaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { batchOf, csvOf, HEADER, uploadFile } from '../../../../tests/helpers/uploads.js';

interface Line {
  kind: string;
  title: string;
  amount: string | null;
  detail: string | null;
  status: string | null;
  actor: string | null;
  refId: string | null;
}

describe('reversing a payment staff recorded (a bounced cheque, a mistake)', () => {
  let t: TestContext;
  let link: PaymentLink;

  beforeEach(async () => {
    t = await createTestContext();
    t.clock.set(Date.UTC(2026, 10, 2, 10, 0));
    link = await createPaymentLink(t.ctx, { amount_pence: 120_000 });
  });
  afterEach(() => t.close());

  const api = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: await signIn(t.app), origin: TEST_ORIGIN },
      ...(payload ? { payload } : {}),
    });
  const record = async (amount: string, paidOn = '2026-11-01') => {
    const response = await api('POST', `/api/leaseholders/${link.tenant_id}/payments`, {
      amount,
      method: 'cheque',
      reference: '000123',
      paidOn,
    });
    expect(response.statusCode, response.body).toBe(201);
    const lines = response.json().timeline as Line[];
    return lines.find((line) => line.kind === 'offline_payment')!.refId!;
  };
  const balance = async () =>
    (
      await t.ctx.db
        .selectFrom('tenants')
        .select('balance_pence')
        .where('id', '=', link.tenant_id)
        .executeTakeFirstOrThrow()
    ).balance_pence;
  const reverse = (paymentId: string, reason = 'Cheque bounced', tenantId = link.tenant_id) =>
    api('POST', `/api/leaseholders/${tenantId}/payments/${paymentId}/reverse`, { reason });

  it('puts the amount back on the balance, says why, and refuses its receipt', async () => {
    const paymentId = await record('200.00');
    t.clock.advance(3 * 24 * 3_600_000);
    const response = await reverse(paymentId);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({ balance: '1200.00', openLink: { id: link.id } });
    const lines = detail.timeline as Line[];
    expect(lines.find((line) => line.kind === 'payment_returned')).toMatchObject({
      title: 'Cheque reversed',
      amount: '200.00',
      actor: 'admin',
      detail:
        'Reason: Cheque bounced. Balance now £1,200.00 owed. Paid on 01/11/2026, reference 000123',
    });
    expect(lines.find((line) => line.kind === 'offline_payment')).toMatchObject({
      status: 'reversed',
    });

    const receipt = await api(
      'GET',
      `/api/leaseholders/${link.tenant_id}/payments/${paymentId}/receipt`,
    );
    expect(receipt.statusCode).toBe(409);
    expect(receipt.json().message).toBe(
      'This payment was reversed on 05/11/2026: there is no receipt for it.',
    );
    const audit = await t.ctx.db.selectFrom('audit_log').select('action').execute();
    expect(audit.map((entry) => entry.action)).toContain('leaseholder.offline_payment_reversed');
  });

  it('reverses once, only on its own account, and only with a reason', async () => {
    const paymentId = await record('200.00');
    const blank = await reverse(paymentId, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Give a reason for the reversal');
    const other = await createPaymentLink(t.ctx, { tenant: { name: 'Dafydd Jones' } });
    expect((await reverse(paymentId, 'Wrong leaseholder', other.tenant_id)).statusCode).toBe(404);
    expect((await reverse('no-such-payment')).statusCode).toBe(404);

    expect((await reverse(paymentId)).statusCode).toBe(200);
    const again = await reverse(paymentId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This payment was already reversed on 02/11/2026.');
    expect(await balance()).toBe(120_000);
  });

  it('keeps the bounced cheque owed when the next sheet is from before the bounce', async () => {
    await reverse(await record('200.00'));
    t.clock.advance(24 * 3_600_000);
    // The agent posted the cheque, not yet its bounce: their sheet says £1,000.00.
    const sheet = csvOf([
      HEADER,
      ['Margaret Hughes', '', '', 'Flat 3, 12 Riverside Court, London SE1 9AA', '1000.00'],
    ]);
    const response = await uploadFile(t.app, await signIn(t.app), 'november.csv', sheet);
    expect(response.statusCode, response.body).toBe(200);
    const batch = await batchOf(t.app, await signIn(t.app), response);
    expect(batch.warnings.map((warning: { message: string }) => warning.message)).toEqual([
      "The sheet's £1,000.00 is from before £200.00 refunded, disputed or reversed on 02/11/2026: the balance stays £1,200.00, as it is owed again.",
    ]);
    expect(await balance()).toBe(120_000);
  });

  it('reverses once when two clerks press Reverse at the same moment', async () => {
    const paymentId = await record('200.00');
    const answers = await Promise.all([
      reverse(paymentId, 'Cheque bounced'),
      reverse(paymentId, 'Recorded in error'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await balance()).toBe(120_000);
    const events = await t.ctx.db
      .selectFrom('account_events')
      .select('kind')
      .where('kind', '=', 'payment_returned')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('lists it in the payments export on the day, and no longer counts it as received today', async () => {
    const paymentId = await record('1200.00', '2026-11-02');
    expect((await api('GET', '/api/dashboard/stats')).json().paymentsToday).toBe(1_200);
    // It had settled the balance, closing the link: reversed, the balance is owed with no link.
    const detail = (await reverse(paymentId, 'Recorded on the wrong leaseholder')).json();
    expect(detail).toMatchObject({ balance: '1200.00', openLink: null });
    expect((await api('GET', '/api/dashboard/stats')).json().paymentsToday).toBe(0);

    const csv = await api('GET', '/api/payments/export.csv?from=2026-11-01&to=2026-11-02');
    const rows = (parse(csv.body, { bom: true }) as string[][]).slice(1);
    expect(rows.map((row) => [row[0], row[4], row[5], row[6], row[7]])).toEqual([
      ['2026-11-02', '1200.00', 'Cheque', 'Recorded by staff', '000123'],
      ['2026-11-02', '-1200.00', 'Cheque', 'Reversed by staff', '000123'],
    ]);
  });
});
