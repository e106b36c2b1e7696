import { PDFParse } from 'pdf-parse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentLink, type PaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createTestContext,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import {
  PAYMENT_ALREADY_PAID_MESSAGE,
  PAYMENT_LINK_NOT_AVAILABLE_MESSAGE,
  PAYMENT_NOT_FOUND_MESSAGE,
} from '../../../shared/payment-page.js';
import { loadConfig } from '../../config.js';
import { createPaymentProvider } from '../../integrations/payments/create-payment-provider.js';
import {
  createDemoProvider,
  DEMO_REFUSED_IN_PRODUCTION,
} from '../../integrations/payments/demo.js';
import { jobHandlers } from '../../jobs/handlers.js';
import { runDueJobs } from '../../jobs/run-due-jobs.js';

const IP = '198.51.100.30';
const HOUR_MS = 60 * 60 * 1000;

describe('paying with the demo provider (the embedded default)', () => {
  let t: TestContext;
  let link: PaymentLink;
  beforeEach(async () => {
    t = await createTestContext();
    link = await createPaymentLink(t.ctx, {
      amount_pence: 124_550,
      tenant: { name: 'Siân O’Brien', address: 'Flat 2, 5 Quay Street, Cardiff CF10 1EA' },
    });
  });
  afterEach(() => t.close());

  const call = (method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url: `/api/payment-link/${link.id}${path}`,
      remoteAddress: IP,
      ...(method === 'POST' ? { headers: { origin: TEST_ORIGIN }, payload: body ?? {} } : {}),
    });

  it('records a real demo payment: link paid, confirmation sent, result and receipt', async () => {
    t.clock.set(Date.UTC(2026, 6, 14, 13, 5));
    const paid = await call('POST', '/pay', { method: 'card', amountPence: 1 });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ kind: 'recorded' });

    const row = await t.ctx.db
      .selectFrom('payment_links')
      .select(['status', 'paid_at'])
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'paid', paid_at: Date.UTC(2026, 6, 14, 13, 5) });
    const [payment] = await t.ctx.db.selectFrom('payments').selectAll().execute();
    expect(payment).toMatchObject({ provider: 'demo', amount_pence: 124_550, status: 'succeeded' });
    expect(payment!.provider_ref).toMatch(/^DEMO-[A-Z2-9]{10}$/);

    // Queued, not yet sent: the page must not claim a receipt was sent.
    const before = await call('GET', '/payment');
    expect(before.json()).toMatchObject({ receipt: 'sending', receiptSent: false });

    await runDueJobs(t.ctx, jobHandlers(t.ctx), { workerId: 'test-worker', limit: 50 });
    const result = await call('GET', '/payment');
    expect(result.statusCode).toBe(200);
    expect(result.json()).toEqual({
      status: 'succeeded',
      tenant: { name: 'Siân O’Brien', address: 'Flat 2, 5 Quay Street, Cardiff CF10 1EA' },
      amount: '1245.50',
      amountPence: 124_550,
      transactionId: payment!.provider_ref,
      method: 'card',
      paidAt: '2026-07-14T13:05:00.000Z',
      receipt: 'sent',
      receiptSent: true,
      failureReason: null,
      remainingAmount: '0.00',
      remainingPence: 0,
    });
    const confirmation = await t.ctx.db
      .selectFrom('messages')
      .innerJoin('message_contents', 'message_contents.message_id', 'messages.id')
      .select(['messages.channel', 'messages.status', 'message_contents.body'])
      .where('messages.kind', '=', 'confirmation')
      .where('messages.channel', '=', 'email')
      .executeTakeFirstOrThrow();
    expect(confirmation.status).toBe('captured');
    expect(confirmation.body).toContain(payment!.provider_ref);

    const receipt = await call('GET', '/receipt');
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.headers['content-disposition']).toBe(
      `attachment; filename="receipt-${payment!.provider_ref}.pdf"`,
    );
    expect(receipt.headers['cache-control']).toBe('no-store');
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(receipt.rawPayload) });
    const { text } = await parser.getText();
    await parser.destroy();
    // The standard PDF fonts have no ’ nor â: the receipt prints the nearest letters.
    expect(text).toMatch(/Si[aâ]n O.Brien/);
    for (const expected of [
      'Flat 2, 5 Quay Street, Cardiff CF10 1EA',
      '£1,245.50',
      'Debit/Credit Card',
      payment!.provider_ref,
      // BST: 13:05 UTC is 14:05 in London.
      '14 Jul 2026 at 14:05',
      t.ctx.config.company.name,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('will not take a second payment for a paid link, and the page says it is paid', async () => {
    await call('POST', '/pay', { method: 'card' });
    const again = await call('POST', '/pay', { method: 'direct-debit' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYMENT_ALREADY_PAID_MESSAGE);
    expect((await call('GET', '')).json().status).toBe('paid');
    expect(await t.ctx.db.selectFrom('payments').selectAll().execute()).toHaveLength(1);
  });

  it('takes one payment when Pay is pressed twice at once', async () => {
    const answers = await Promise.all([
      call('POST', '/pay', { method: 'card' }),
      call('POST', '/pay', { method: 'card' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await t.ctx.db.selectFrom('payments').selectAll().execute()).toHaveLength(1);
    const confirmations = await t.ctx.db
      .selectFrom('messages')
      .select('id')
      .where('kind', '=', 'confirmation')
      .execute();
    expect(confirmations).toHaveLength(2);
  });

  it('refuses to pay an expired link with the not-available answer', async () => {
    t.clock.advance(8 * 24 * HOUR_MS);
    const response = await call('POST', '/pay', { method: 'card' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(PAYMENT_LINK_NOT_AVAILABLE_MESSAGE);
    expect(await t.ctx.db.selectFrom('payments').selectAll().execute()).toHaveLength(0);
  });

  it('has no result and no receipt for a link that has not been paid', async () => {
    for (const path of ['/payment', '/receipt']) {
      const response = await call('GET', path);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(PAYMENT_NOT_FOUND_MESSAGE);
    }
  });

  it('answers no webhook: Stripe is not configured', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('the demo provider outside the embedded default', () => {
  it('is refused in production', () => {
    const config = { stripe: undefined, isProduction: true };
    expect(() => createDemoProvider(config)).toThrow(DEMO_REFUSED_IN_PRODUCTION);
  });

  it('is not chosen when Stripe is configured, nor in production', () => {
    const clock = { now: () => Date.now() };
    const base = { NODE_ENV: 'test', ADMIN_PASSWORD: 'correct-horse-battery-staple' };
    expect(createPaymentProvider(loadConfig(base), clock)?.name).toBe('demo');
    const withStripe = loadConfig({
      ...base,
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(createPaymentProvider(withStripe, clock)?.name).toBe('stripe');

    // Production without Stripe starts only with ALLOW_DEMO_PROVIDERS, and then takes no
    // payments at all rather than faking them.
    const production = { ...base, NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://pay.example' };
    expect(() => loadConfig(production)).toThrow(/STRIPE_SECRET_KEY: is required in production/);
    const allowed = loadConfig({ ...production, ALLOW_DEMO_PROVIDERS: 'true' });
    expect(allowed.isProduction).toBe(true);
    expect(createPaymentProvider(allowed, clock)).toBeNull();
    const productionWithStripe = loadConfig({
      ...production,
      ALLOW_DEMO_PROVIDERS: 'true',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(createPaymentProvider(productionWithStripe, clock)?.name).toBe('stripe');
  });
});
