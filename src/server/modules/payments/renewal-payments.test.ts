import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeSession } from '../../../../tests/fakes/fake-stripe-api.js';
import { createPaymentLink, type PaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createStripeTestContext,
  type StripeTestContext,
} from '../../../../tests/helpers/payments-context.js';
import { PAYMENT_ALREADY_PAID_MESSAGE } from '../../../shared/payment-page.js';
import { jobHandlers } from '../../jobs/handlers.js';
import { runDueJobs } from '../../jobs/run-due-jobs.js';
import { remindersCancelKey } from '../messages/job-kinds.js';
import { sendPaymentLinkMessages } from '../messages/send-payment-link-messages.js';
import { renewPaymentLink } from '../payment-links/renew-payment-link.js';

const IP = '198.51.100.40';
const ORIGIN = 'https://pay.riverside-estates.example';

/**
 * A Checkout Session opened before staff renewed the link, and paid after: the money is recorded
 * on the old link and the renewal chain is paid once (renewal-chain.ts).
 */
describe('paying a link that staff have renewed', () => {
  let t: StripeTestContext;
  let old: PaymentLink;
  beforeEach(async () => {
    t = await createStripeTestContext();
    old = await createPaymentLink(t.ctx, { amount_pence: 89_000 });
    await sendPaymentLinkMessages(t.ctx, [old.id]);
  });
  afterEach(() => t.close());

  const inject = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url,
      remoteAddress: IP,
      ...(payload ? { payload, headers: { origin: ORIGIN } } : {}),
    });

  async function openCheckout(linkId: string): Promise<FakeSession> {
    const response = await inject('POST', `/api/payment-link/${linkId}/pay`, { method: 'card' });
    expect(response.statusCode, response.body).toBe(200);
    const session = t.stripe.sessions.get(response.json().url.split('/').pop());
    if (!session) throw new Error('no Checkout Session');
    return session;
  }

  const payOnStripe = async (session: FakeSession) => {
    const paid = t.stripe.complete(session.id);
    const response = await t.deliver(
      t.stripe.signedWebhook(t.stripe.eventFor('checkout.session.completed', paid)),
    );
    expect(response.statusCode).toBe(200);
    return paid;
  };

  const renew = async (id: string) => (await renewPaymentLink(t.ctx, id)).id;

  const link = (id: string) =>
    t.ctx.db.selectFrom('payment_links').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const payments = () => t.ctx.db.selectFrom('payments').selectAll().execute();
  const queuedReminders = async (id: string) =>
    (
      await t.ctx.db
        .selectFrom('jobs')
        .select('id')
        .where('cancel_key', '=', remindersCancelKey(id))
        .where('status', '=', 'queued')
        .execute()
    ).length;
  const audits = (action: string) =>
    t.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

  it('records the payment on the old link and closes the new one: no reminders, no second payment', async () => {
    const session = await openCheckout(old.id);
    const fresh = await renew(old.id);
    expect(await queuedReminders(fresh)).toBe(2);

    await payOnStripe(session);

    expect(await payments()).toMatchObject([
      { link_id: old.id, provider_ref: session.id, status: 'succeeded', amount_pence: 89_000 },
    ]);
    expect(await link(old.id)).toMatchObject({ status: 'paid', replaced_by: fresh });
    const closed = await link(fresh);
    expect(closed).toMatchObject({ status: 'paid', processing_since: null });
    expect(closed.paid_at).toBe((await link(old.id)).paid_at);
    expect(await queuedReminders(fresh)).toBe(0);
    expect(await audits('payment_link.paid_through_earlier_link')).toMatchObject([
      { actor: 'stripe', subject: old.tenant_id },
    ]);

    // The new link's page says it is paid and will not start another payment.
    const page = await inject('GET', `/api/payment-link/${fresh}`);
    expect(page.json().status).toBe('paid');
    const again = await inject('POST', `/api/payment-link/${fresh}/pay`, { method: 'card' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYMENT_ALREADY_PAID_MESSAGE);
    expect(t.stripe.createdSessions()).toHaveLength(1);

    // Its "View payment and receipt" shows the payment made through the old link.
    await runDueJobs(t.ctx, jobHandlers(t.ctx), { workerId: 'test-worker', limit: 50 });
    const result = await inject('GET', `/api/payment-link/${fresh}/payment`);
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json()).toMatchObject({
      status: 'succeeded',
      transactionId: session.id,
      amount: '890.00',
      receipt: 'sent',
    });
    const receipt = await inject('GET', `/api/payment-link/${fresh}/receipt`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-disposition']).toContain(`receipt-${session.id}.pdf`);

    // The new link's unsent messages are cancelled; one confirmation per channel, on the old link.
    const messages = await t.ctx.db
      .selectFrom('messages')
      .select(['link_id', 'kind', 'status'])
      .where('link_id', 'in', [old.id, fresh])
      .execute();
    expect(messages.filter((m) => m.link_id === fresh).map((m) => m.status)).toEqual([
      'cancelled',
      'cancelled',
    ]);
    expect(messages.filter((m) => m.kind === 'confirmation')).toMatchObject([
      { link_id: old.id },
      { link_id: old.id },
    ]);
  });

  it('closes the newest link when the link was renewed twice', async () => {
    const session = await openCheckout(old.id);
    const middle = await renew(old.id);
    const newest = await renew(middle);

    await payOnStripe(session);

    expect((await link(old.id)).status).toBe('paid');
    expect(await link(middle)).toMatchObject({ status: 'expired', replaced_by: newest });
    expect((await link(newest)).status).toBe('paid');
    expect(await queuedReminders(newest)).toBe(0);
    const result = await inject('GET', `/api/payment-link/${newest}/payment`);
    expect(result.json()).toMatchObject({ status: 'succeeded', transactionId: session.id });
  });

  it('confirms the old session on the return page when the webhook is late', async () => {
    const session = await openCheckout(old.id);
    const fresh = await renew(old.id);
    t.stripe.complete(session.id);

    const back = await inject(
      'GET',
      `/api/payment-link/${old.id}/payment?session_id=${session.id}`,
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ status: 'succeeded', transactionId: session.id });
    expect((await link(fresh)).status).toBe('paid');
  });

  it('reports a second payment for one balance when the new link was paid first', async () => {
    const oldSession = await openCheckout(old.id);
    const fresh = await renew(old.id);
    const freshSession = await payOnStripe(await openCheckout(fresh));

    await payOnStripe(oldSession);

    // Both payments are recorded: the second leaves a credit on the account for staff to refund,
    // never a silent loss, and is flagged.
    expect(await payments()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ link_id: fresh, provider_ref: freshSession.id }),
        expect.objectContaining({ link_id: old.id, provider_ref: oldSession.id }),
      ]),
    );
    expect((await link(old.id)).status).toBe('expired');
    const account = await t.ctx.db
      .selectFrom('tenants')
      .select('balance_pence')
      .where('id', '=', old.tenant_id)
      .executeTakeFirstOrThrow();
    expect(account.balance_pence).toBe(-89_000);
    expect(await audits('payment.duplicate_for_paid_link')).toMatchObject([
      { actor: 'stripe', subject: old.id },
    ]);
    const event = await t.ctx.db
      .selectFrom('payment_events')
      .select(['outcome', 'provider_ref'])
      .where('provider_ref', '=', oldSession.id)
      .executeTakeFirstOrThrow();
    expect(event.outcome).toBe('link-already-paid');
  });
});
