import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentLink, type PaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { batchOf, csvOf, HEADER, uploadFile } from '../../../../tests/helpers/uploads.js';
import { remindersCancelKey } from '../messages/job-kinds.js';
import { sendPaymentLinkMessages } from '../messages/send-payment-link-messages.js';

/**
 * Staff correct a balance no sheet will correct: a duplicate account, a leaseholder who sold and
 * is on no sheet any more, a write-off.
 */
describe('correcting a balance', () => {
  let t: TestContext;
  let link: PaymentLink;

  beforeEach(async () => {
    t = await createTestContext();
    t.clock.set(Date.UTC(2026, 10, 2, 10, 0));
    link = await createPaymentLink(t.ctx, {
      amount_pence: 124_550,
      tenant: {
        name: 'Margaret Hughes',
        email: 'margaret@example.co.uk',
        phone: '+447911123456',
        address: 'Flat 1, Riverside Court, London SE1 9AA',
      },
    });
    await sendPaymentLinkMessages(t.ctx, [link.id]);
    t.clock.advance(60_000);
  });
  afterEach(() => t.close());

  const correct = async (payload: object, id = link.tenant_id) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/leaseholders/${id}/balance`,
      headers: { cookie: await signIn(t.app), origin: TEST_ORIGIN },
      payload,
    });
  const get = async (url: string) =>
    (await t.app.inject({ method: 'GET', url, headers: { cookie: await signIn(t.app) } })).json();
  const queued = async () => ({
    reminders: (
      await t.ctx.db
        .selectFrom('jobs')
        .select('id')
        .where('cancel_key', '=', remindersCancelKey(link.id))
        .where('status', '=', 'queued')
        .execute()
    ).length,
    messages: (await t.ctx.db.selectFrom('messages').select('id').execute()).length,
  });

  it('clears a duplicate account: nothing owed, its link closes unsent, its reminders stop', async () => {
    expect((await get('/api/dashboard/stats')).totalOutstanding).toBe(1245.5);
    const before = await queued();
    expect(before.reminders).toBe(2);

    const response = await correct({ balance: '0.00', reason: 'Duplicate of RIV-F1' });

    expect(response.statusCode, response.body).toBe(200);
    const account = response.json();
    expect(account.balancePence).toBe(0);
    expect(account.openLink).toBeNull();
    const corrected = account.timeline.find(
      (event: { kind: string }) => event.kind === 'balance_set',
    );
    expect(corrected).toMatchObject({
      kind: 'balance_set',
      title: 'Balance corrected',
      amount: '0.00',
      detail: 'Duplicate of RIV-F1 (was £1,245.50)',
      actor: 'admin',
    });
    expect(await queued()).toEqual({ reminders: 0, messages: before.messages });
    expect((await get('/api/dashboard/stats')).totalOutstanding).toBe(0);
    const link_ = await t.ctx.db
      .selectFrom('payment_links')
      .select(['status', 'closed_reason'])
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(link_).toEqual({ status: 'expired', closed_reason: 'settled' });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('subject', '=', link.tenant_id)
      .execute();
    expect(audit).toContainEqual({
      action: 'leaseholder.balance_corrected',
      details: JSON.stringify({ fromPence: 124_550, toPence: 0 }),
    });
  });

  it('writes part off: the open link asks for the rest from now on, and nothing is sent', async () => {
    const before = await queued();

    const response = await correct({ balance: '£1,000.00', reason: 'Late fee waived' });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().balancePence).toBe(100_000);
    expect(response.json().openLink).toMatchObject({ id: link.id });
    const page = (
      await t.app.inject({ method: 'GET', url: `/api/payment-link/${link.id}` })
    ).json();
    expect(page.amount).toBe('1000.00');
    expect(await queued()).toEqual(before);
  });

  it('records a credit', async () => {
    const response = await correct({ balance: '-25.00', reason: 'Overpaid in 2025' });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().balancePence).toBe(-2_500);
    const credit = await get('/api/leaseholders?filter=credit');
    expect(credit.items.map((item: { id: string }) => item.id)).toEqual([link.tenant_id]);
  });

  it('refuses what is not a balance, or no reason, with a clear message and changes nothing', async () => {
    const refusals: [object, number, string][] = [
      [
        { balance: '12.345', reason: 'x' },
        400,
        'Enter the balance in pounds, for example 120.00, or -25.00 for a credit.',
      ],
      [
        { balance: 'none', reason: 'x' },
        400,
        'Enter the balance in pounds, for example 120.00, or -25.00 for a credit.',
      ],
      [
        { balance: '2000000', reason: 'x' },
        400,
        'The balance must be at most £1,000,000.00 either way.',
      ],
      [{ balance: '0.00', reason: '  ' }, 400, 'Give a reason for the correction'],
      [
        { balance: '1245.50', reason: 'Checked' },
        409,
        'The balance is already £1,245.50: nothing was changed.',
      ],
    ];
    for (const [payload, status, message] of refusals) {
      const response = await correct(payload);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toContain(message);
    }
    const missing = await correct({ balance: '0', reason: 'Sold' }, 'no-such-account');
    expect(missing.statusCode).toBe(404);

    const account = await get(`/api/leaseholders/${link.tenant_id}`);
    expect(account.balancePence).toBe(124_550);
    expect(account.timeline.some((event: { kind: string }) => event.kind === 'balance_set')).toBe(
      false,
    );
  });

  it('stands against a later sheet still showing the balance from before it, not against a newer figure', async () => {
    const sheet = (pounds: string) =>
      csvOf([
        HEADER,
        [
          'Margaret Hughes',
          'margaret@example.co.uk',
          '',
          'Flat 1, Riverside Court, London SE1 9AA',
          pounds,
        ],
      ]);
    const upload = async (name: string, pounds: string) => {
      // A day apart: the same file on the same day answers its first upload.
      t.clock.advance(24 * 3_600_000);
      const response = await uploadFile(t.app, await signIn(t.app), name, sheet(pounds));
      expect(response.statusCode, response.body).toBe(200);
      return batchOf(t.app, await signIn(t.app), response);
    };
    const balance = async () => (await get(`/api/leaseholders/${link.tenant_id}`)).balancePence;
    await correct({ balance: '0.00', reason: 'Written off: agreed with the client' });

    // The agent's ledger has not caught up: the sheet still shows £1,245.50.
    const december = await upload('december.csv', '1245.50');
    expect(december.reconciliation).toEqual({
      new: 0,
      changed: 0,
      unchanged: 0,
      settled: 1,
      notOwed: 0,
    });
    expect(december.warnings).toEqual([
      {
        row: 2,
        field: 'Balance Due (£)',
        message:
          "Staff corrected this balance to £0.00: the sheet's £1,245.50 is from before that, so the correction stands.",
      },
    ]);
    expect(await balance()).toBe(0);
    const history = (await get(`/api/leaseholders/${link.tenant_id}`)).timeline;
    expect(history.find((event: { kind: string }) => event.kind === 'balance_set')).toMatchObject({
      title: 'Balance kept by upload',
      detail: "The sheet's £1,245.50 was from before staff's correction",
    });

    // A new charge: the sheet has moved on, and is taken as it is; the correction is history.
    await upload('january.csv', '1345.50');
    expect(await balance()).toBe(134_550);
    await correct({ balance: '100.00', reason: 'Only the new charge is owed' });
    expect(await balance()).toBe(10_000);
    await upload('february.csv', '1345.50');
    expect(await balance()).toBe(10_000);
    await upload('march.csv', '1245.50');
    expect(await balance()).toBe(124_550);
  });

  it('is for staff only', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/leaseholders/${link.tenant_id}/balance`,
      headers: { origin: TEST_ORIGIN },
      payload: { balance: '0', reason: 'Sold' },
    });
    expect(response.statusCode).toBe(401);
  });
});
