import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentLink, type PaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createStripeTestContext,
  type StripeTestContext,
} from '../../../../tests/helpers/payments-context.js';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context.js';
import { jobHandlers } from '../../jobs/handlers.js';
import { runDueJobs } from '../../jobs/run-due-jobs.js';
import { remindersCancelKey } from '../messages/job-kinds.js';
import { sendPaymentLinkMessages } from '../messages/send-payment-link-messages.js';

type Context = TestContext | StripeTestContext;

async function balanceOf(t: Context, link: PaymentLink) {
  const row = await t.ctx.db
    .selectFrom('tenants')
    .select('balance_pence')
    .where('id', '=', link.tenant_id)
    .executeTakeFirstOrThrow();
  return row.balance_pence;
}

async function linkRow(t: Context, link: PaymentLink) {
  return t.ctx.db
    .selectFrom('payment_links')
    .select(['status', 'paid_pence'])
    .where('id', '=', link.id)
    .executeTakeFirstOrThrow();
}

async function queuedReminders(t: Context, link: PaymentLink) {
  const rows = await t.ctx.db
    .selectFrom('jobs')
    .select('id')
    .where('cancel_key', '=', remindersCancelKey(link.id))
    .where('status', '=', 'queued')
    .execute();
  return rows.length;
}

function payRequest(t: Context, link: PaymentLink, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payment-link/${link.id}/pay`,
    payload: body,
    headers: { origin: t.ctx.config.publicBaseUrl },
    remoteAddress: '198.51.100.61',
  });
}

const page = (t: Context, link: PaymentLink) =>
  t.app.inject({ method: 'GET', url: `/api/payment-link/${link.id}` });

describe('part payments through the demo provider', () => {
  let t: TestContext;
  let link: PaymentLink;
  beforeEach(async () => {
    t = await createTestContext();
    link = await createPaymentLink(t.ctx, { amount_pence: 100_000 });
    await sendPaymentLinkMessages(t.ctx, [link.id]);
  });
  afterEach(() => t.close());

  it('takes part, keeps the link open for the rest, and the second part closes it', async () => {
    const first = await payRequest(t, link, { method: 'card', amount: '250.00' });
    expect(first.statusCode, first.body).toBe(200);
    expect(await balanceOf(t, link)).toBe(75_000);
    expect(await linkRow(t, link)).toEqual({ status: 'pending', paid_pence: 25_000 });
    expect(await queuedReminders(t, link)).toBe(2);
    expect((await page(t, link)).json()).toMatchObject({
      status: 'pending',
      amount: '750.00',
      amountPence: 75_000,
      paidAmount: '250.00',
    });
    const result = await t.app.inject({
      method: 'GET',
      url: `/api/payment-link/${link.id}/payment`,
    });
    expect(result.json()).toMatchObject({
      status: 'succeeded',
      amount: '250.00',
      remainingAmount: '750.00',
    });

    const rest = await payRequest(t, link, { method: 'card' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await balanceOf(t, link)).toBe(0);
    expect(await linkRow(t, link)).toEqual({ status: 'paid', paid_pence: 100_000 });
    expect(await queuedReminders(t, link)).toBe(0);

    // One confirmation per payment and channel, each for its own amount.
    await runDueJobs(t.ctx, jobHandlers(t.ctx), { workerId: 'test-worker', limit: 50 });
    const confirmations = await t.ctx.db
      .selectFrom('messages')
      .innerJoin('message_contents', 'message_contents.message_id', 'messages.id')
      .select(['messages.channel', 'message_contents.body'])
      .where('messages.kind', '=', 'confirmation')
      .where('messages.channel', '=', 'email')
      .execute();
    expect(confirmations).toHaveLength(2);
    expect(confirmations.map((c) => c.body).join('\n')).toContain('£250.00');
    expect(confirmations.map((c) => c.body).join('\n')).toContain('£750.00');
  });

  it('refuses an amount under the minimum, over the balance, or not in pounds', async () => {
    for (const [amount, message] of [
      ['0.50', 'The smallest amount you can pay is £1.00.'],
      ['1000.01', 'You can pay at most £1,000.00, the balance owed.'],
      ['ten pounds', 'Enter the amount in pounds, for example 20.00.'],
      ['12.345', 'Enter the amount in pounds, for example 20.00.'],
    ] as const) {
      const response = await payRequest(t, link, { method: 'card', amount });
      expect(response.statusCode, amount).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await balanceOf(t, link)).toBe(100_000);
    expect(await t.ctx.db.selectFrom('payments').select('id').execute()).toEqual([]);
  });

  it('checks the amount against the balance at that moment, not the page’s', async () => {
    await t.ctx.db
      .updateTable('tenants')
      .set({ balance_pence: 30_000 })
      .where('id', '=', link.tenant_id)
      .execute();
    const response = await payRequest(t, link, { method: 'card', amount: '500.00' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('You can pay at most £300.00, the balance owed.');
  });
});

describe('part payments through Stripe Checkout', () => {
  let t: StripeTestContext;
  let link: PaymentLink;
  beforeEach(async () => {
    t = await createStripeTestContext();
    link = await createPaymentLink(t.ctx, { amount_pence: 60_000 });
    await sendPaymentLinkMessages(t.ctx, [link.id]);
  });
  afterEach(() => t.close());

  async function payOnStripe(body: Record<string, unknown>) {
    const response = await payRequest(t, link, body);
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json().url.split('/').pop();
    const paid = t.stripe.complete(id);
    const delivered = await t.deliver(
      t.stripe.signedWebhook(t.stripe.eventFor('checkout.session.completed', paid)),
    );
    expect(delivered.statusCode).toBe(200);
    return paid;
  }

  it('asks Stripe for exactly the part chosen, then for the rest', async () => {
    const first = await payOnStripe({ method: 'card', amount: '100.00' });
    expect(first.amount_total).toBe(10_000);
    expect(await balanceOf(t, link)).toBe(50_000);
    expect(await linkRow(t, link)).toEqual({ status: 'pending', paid_pence: 10_000 });
    expect(await queuedReminders(t, link)).toBe(2);

    const second = await payOnStripe({ method: 'card' });
    expect(second.amount_total).toBe(50_000);
    expect(await balanceOf(t, link)).toBe(0);
    expect(await linkRow(t, link)).toEqual({ status: 'paid', paid_pence: 60_000 });
    expect(await queuedReminders(t, link)).toBe(0);
    const payments = await t.ctx.db
      .selectFrom('payments')
      .select(['amount_pence', 'status'])
      .orderBy('created_at')
      .execute();
    expect(payments).toEqual([
      { amount_pence: 10_000, status: 'succeeded' },
      { amount_pence: 50_000, status: 'succeeded' },
    ]);
  });

  it('never pays a session whose amount differs from the one we asked for', async () => {
    const response = await payRequest(t, link, { method: 'card', amount: '100.00' });
    const id = response.json().url.split('/').pop();
    const paid = { ...t.stripe.complete(id), amount_total: 1_000 };
    await t.deliver(t.stripe.signedWebhook(t.stripe.eventFor('checkout.session.completed', paid)));
    expect(await balanceOf(t, link)).toBe(60_000);
    expect(await t.ctx.db.selectFrom('payments').select('id').execute()).toEqual([]);
  });
});
