import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeSession } from '../../../../tests/fakes/fake-stripe-api.js';
import { createPaymentLink, type PaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createStripeTestContext,
  type StripeTestContext,
} from '../../../../tests/helpers/payments-context.js';
import { PAYMENT_ALREADY_PAID_MESSAGE, type PaymentMethod } from '../../../shared/payment-page.js';
import { createDemoProvider, DEMO_REFUSED_WITH_STRIPE } from '../../integrations/payments/demo.js';
import { STRIPE_METHOD_TYPES } from '../../integrations/payments/stripe.js';
import { remindersCancelKey } from '../messages/job-kinds.js';
import { scheduleReminders } from '../messages/schedule-reminders.js';
import { PROVIDER_FAILED_MESSAGE } from './routes.js';

const IP = '198.51.100.20';

describe('paying through Stripe Checkout', () => {
  let t: StripeTestContext;
  let link: PaymentLink;
  beforeEach(async () => {
    t = await createStripeTestContext();
    link = await createPaymentLink(t.ctx, { amount_pence: 124_550 });
    await scheduleReminders(t.ctx, link);
  });
  afterEach(() => t.close());

  const pay = (body: unknown, id = link.id) =>
    t.app.inject({
      method: 'POST',
      url: `/api/payment-link/${id}/pay`,
      payload: body as Record<string, unknown>,
      headers: { origin: 'https://pay.riverside-estates.example' },
      remoteAddress: IP,
    });

  /** Pays with `method` and returns the session the fake Stripe holds for it. */
  async function startCheckout(method: PaymentMethod = 'card'): Promise<FakeSession> {
    const response = await pay({ method });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as { kind: string; url: string };
    expect(answer.kind).toBe('redirect');
    const id = answer.url.split('/').pop()!;
    const session = t.stripe.sessions.get(id);
    if (!session) throw new Error(`no session ${id}`);
    return session;
  }

  const deliver = (event: unknown, sign: { timestamp?: number; secret?: string } = {}) =>
    t.deliver(t.stripe.signedWebhook(event, sign));

  async function linkRow() {
    return t.ctx.db
      .selectFrom('payment_links')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
  }
  const payments = () => t.ctx.db.selectFrom('payments').selectAll().execute();
  const confirmations = () =>
    t.ctx.db.selectFrom('messages').selectAll().where('kind', '=', 'confirmation').execute();
  async function queuedReminders() {
    const rows = await t.ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('cancel_key', '=', remindersCancelKey(link.id))
      .where('status', '=', 'queued')
      .execute();
    return rows.length;
  }
  const publicStatus = async () =>
    (
      await t.app.inject({ method: 'GET', url: `/api/payment-link/${link.id}`, remoteAddress: IP })
    ).json().status;

  it('creates the Checkout Session for the link’s own amount, whatever the browser sends', async () => {
    const response = await pay({ method: 'card', amountPence: 1, amount_pence: 1, total: '0.01' });
    expect(response.statusCode).toBe(200);
    const [request] = t.stripe.createdSessions();
    const params = request!.params;
    expect(params).toMatchObject({
      mode: 'payment',
      line_items: [{ quantity: '1', price_data: { unit_amount: '124550', currency: 'gbp' } }],
      metadata: { link_id: link.id },
    });
    expect(params.success_url).toBe(
      `https://pay.riverside-estates.example/payment-success?link_id=${link.id}&session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(params.cancel_url).toBe(`https://pay.riverside-estates.example/payment/${link.id}`);
    expect(response.json().url).toMatch(`${t.stripe.url}/c/pay/cs_test_`);
  });

  it.each([
    ['card', 'card'],
    ['open-banking', 'pay_by_bank'],
    ['direct-debit', 'bacs_debit'],
  ] as const)('maps %s to Stripe’s %s', async (method, stripeType) => {
    expect(STRIPE_METHOD_TYPES[method]).toBe(stripeType);
    const session = await startCheckout(method);
    expect(session.payment_method_types).toEqual([stripeType]);
    expect(session.metadata).toMatchObject({ link_id: link.id, method });
  });

  it('refuses an unknown method with a clear message and creates nothing', async () => {
    const response = await pay({ method: 'bitcoin' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/card, open-banking or direct-debit/);
    expect(t.stripe.createdSessions()).toHaveLength(0);
  });

  it('opens at most 10 Checkout Sessions on one link in 15 minutes, whatever the address', async () => {
    for (let press = 0; press < 10; press += 1) await startCheckout();
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/payment-link/${link.id}/pay`,
      payload: { method: 'card' },
      headers: { origin: 'https://pay.riverside-estates.example' },
      remoteAddress: '203.0.113.9',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Too many payment attempts on this link. Please wait a few minutes and try again.',
    );
    expect(refused.headers['retry-after']).toBe('900');
    expect(t.stripe.createdSessions()).toHaveLength(10);

    // Another leaseholder behind the same address pays as usual.
    const other = await createPaymentLink(t.ctx, { amount_pence: 31_000 });
    expect((await pay({ method: 'card' }, other.id)).statusCode).toBe(200);
    t.clock.advance(15 * 60_000);
    await startCheckout();
  });

  it('answers 502 with a plain message when Stripe cannot be reached, and records nothing', async () => {
    t.stripe.failNext(500);
    t.stripe.failNext(500);
    t.stripe.failNext(500);
    const response = await pay({ method: 'card' });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(PROVIDER_FAILED_MESSAGE);
    expect(await payments()).toHaveLength(0);
    expect((await linkRow()).status).toBe('pending');
  });

  it('records a completed card payment once, however often its event is delivered', async () => {
    const session = t.stripe.complete((await startCheckout('card')).id);
    const event = t.stripe.eventFor('checkout.session.completed', session);
    for (let i = 0; i < 10; i++) {
      const response = await deliver(event);
      expect(response.statusCode).toBe(200);
    }
    const [payment, ...more] = await payments();
    expect(more).toHaveLength(0);
    expect(payment).toMatchObject({
      link_id: link.id,
      provider: 'stripe',
      provider_ref: session.id,
      method: 'card',
      amount_pence: 124_550,
      status: 'succeeded',
    });
    expect((await linkRow()).status).toBe('paid');
    const sent = await confirmations();
    expect(sent.map((m) => m.channel).sort()).toEqual(['email', 'whatsapp']);
    expect(await queuedReminders()).toBe(0);
    const handled = await t.ctx.db.selectFrom('payment_events').selectAll().execute();
    expect(handled).toHaveLength(1);
  });

  it('records one payment when the same session comes in several events and on the return page', async () => {
    const session = t.stripe.complete((await startCheckout('card')).id);
    await deliver(t.stripe.eventFor('checkout.session.completed', session));
    await deliver(t.stripe.eventFor('checkout.session.completed', session));
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/payment-link/${link.id}/payment?session_id=${session.id}`,
      remoteAddress: IP,
    });
    expect(back.json().status).toBe('succeeded');
    expect(await payments()).toHaveLength(1);
    expect(await confirmations()).toHaveLength(2);
  });

  it('refuses a bad signature with 400 and records nothing', async () => {
    const session = t.stripe.complete((await startCheckout('card')).id);
    const event = t.stripe.eventFor('checkout.session.completed', session);
    const forged = await deliver(event, { secret: 'whsec_not_ours' });
    expect(forged.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    // Signed correctly, then altered: the signature covers the exact bytes.
    const signed = t.stripe.signedWebhook(event);
    const tampered = await t.deliver({
      headers: signed.headers,
      payload: signed.payload.replace('"amount_total":124550', '"amount_total":100'),
    });
    expect(tampered.statusCode).toBe(400);
    expect(await payments()).toHaveLength(0);
    expect(await t.ctx.db.selectFrom('payment_events').selectAll().execute()).toHaveLength(0);
    expect((await linkRow()).status).toBe('pending');
  });

  it('refuses a correctly signed event whose timestamp is stale (a replay)', async () => {
    const session = t.stripe.complete((await startCheckout('card')).id);
    const event = t.stripe.eventFor('checkout.session.completed', session);
    const stale = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.statusCode).toBe(400);
    expect(await payments()).toHaveLength(0);
  });

  it('does not mark the link paid when the amount, currency or link id does not match', async () => {
    const session = t.stripe.complete((await startCheckout('card')).id);
    const other = await createPaymentLink(t.ctx, { amount_pence: 5_000 });
    const cases: Partial<FakeSession>[] = [
      { amount_total: 100 },
      { currency: 'eur' },
      { metadata: { link_id: 'not-a-link', method: 'card' } },
      { metadata: {} },
      // A session for the other link, paid at this link's amount.
      { metadata: { link_id: other.id, method: 'card' } },
    ];
    for (const change of cases) {
      const response = await deliver(
        t.stripe.eventFor('checkout.session.completed', { ...session, ...change }),
      );
      expect(response.statusCode).toBe(200);
    }
    expect(await payments()).toHaveLength(0);
    expect((await linkRow()).status).toBe('pending');
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'payment.mismatch')
      .execute();
    expect(audit).toHaveLength(cases.length);
  });

  it('shows a Bacs payment as processing until it settles, with no reminders meanwhile', async () => {
    const session = t.stripe.complete((await startCheckout('direct-debit')).id);
    expect(session.payment_status).toBe('unpaid');
    await deliver(t.stripe.eventFor('checkout.session.completed', session));
    expect(await publicStatus()).toBe('processing');
    expect((await linkRow()).processing_since).not.toBeNull();
    expect(await queuedReminders()).toBe(0);
    expect(await confirmations()).toHaveLength(0);
    const again = await pay({ method: 'card' });
    expect(again.statusCode).toBe(409);

    await deliver(
      t.stripe.eventFor('checkout.session.async_payment_succeeded', {
        ...session,
        payment_status: 'paid',
      }),
    );
    expect((await linkRow()).status).toBe('paid');
    expect(await payments()).toMatchObject([{ status: 'succeeded', method: 'direct-debit' }]);
    expect(await confirmations()).toHaveLength(2);
  });

  it('marks the link failed, with the reason, when an asynchronous payment fails', async () => {
    const session = t.stripe.complete((await startCheckout('open-banking')).id, 'unpaid');
    await deliver(t.stripe.eventFor('checkout.session.completed', session));
    await deliver(t.stripe.eventFor('checkout.session.async_payment_failed', session));
    const row = await linkRow();
    expect(row.status).toBe('failed');
    expect(row.failure_reason).toMatch(/Open Banking payment was not completed/);
    expect(await payments()).toMatchObject([{ status: 'failed' }]);
    expect(await confirmations()).toHaveLength(0);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/payment-link/${link.id}`,
      remoteAddress: IP,
    });
    expect(read.statusCode).toBe(404);
  });

  it('never moves a link backwards when events arrive out of order', async () => {
    const session = t.stripe.complete((await startCheckout('direct-debit')).id);
    // The settlement arrives before the completion that preceded it.
    await deliver(
      t.stripe.eventFor('checkout.session.async_payment_succeeded', {
        ...session,
        payment_status: 'paid',
      }),
    );
    await deliver(t.stripe.eventFor('checkout.session.completed', session));
    await deliver(t.stripe.eventFor('checkout.session.async_payment_failed', session));
    const row = await linkRow();
    expect(row.status).toBe('paid');
    expect(row.processing_since).toBeNull();
    expect(await payments()).toMatchObject([{ status: 'succeeded' }]);
    expect(await confirmations()).toHaveLength(2);
  });

  it('refuses to start paying a paid link', async () => {
    const session = t.stripe.complete((await startCheckout('card')).id);
    await deliver(t.stripe.eventFor('checkout.session.completed', session));
    const response = await pay({ method: 'card' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(PAYMENT_ALREADY_PAID_MESSAGE);
    expect(await publicStatus()).toBe('paid');
  });

  it('confirms the session on the return page when the webhook is late', async () => {
    const session = t.stripe.complete((await startCheckout('card')).id);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/payment-link/${link.id}/payment?session_id=${session.id}`,
      remoteAddress: IP,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'succeeded',
      amount: '1245.50',
      transactionId: session.id,
      method: 'card',
    });
    expect((await linkRow()).status).toBe('paid');
  });

  it('ignores events it does not handle, answering 200 so Stripe stops retrying', async () => {
    const response = await deliver({
      id: 'evt_test_other',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
      created: Math.floor(Date.now() / 1000),
    });
    expect(response.statusCode).toBe(200);
    expect(await payments()).toHaveLength(0);
  });

  it('refuses the demo provider while Stripe is configured', () => {
    expect(() => createDemoProvider(t.ctx.config)).toThrow(DEMO_REFUSED_WITH_STRIPE);
  });
});
