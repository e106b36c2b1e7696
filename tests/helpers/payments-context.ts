import { startFakeStripeApi } from '../fakes/fake-stripe-api.js';
import { createTestContext } from './test-context.js';

export const STRIPE_SECRET_KEY = 'sk_test_portal_fake_key';
export const STRIPE_WEBHOOK_SECRET = 'whsec_portal_fake_secret';

/**
 * A test app whose payments go through the real `stripe` SDK to a local fake of Stripe's
 * Checkout Sessions API (STRIPE_API_BASE_URL), with webhooks signed as Stripe signs them.
 */
export async function createStripeTestContext(options: { env?: Record<string, string> } = {}) {
  const stripe = await startFakeStripeApi({
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
  });
  const t = await createTestContext({
    env: {
      STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_BASE_URL: stripe.url,
      PUBLIC_BASE_URL: 'https://pay.riverside-estates.example',
      ...options.env,
    },
  });

  /** Posts a webhook delivery to our endpoint, as Stripe would. */
  const deliver = (delivery: { payload: string; headers: Record<string, string> }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: delivery.headers,
      payload: delivery.payload,
    });

  return {
    ...t,
    stripe,
    deliver,
    async close() {
      await t.close();
      await stripe.stop();
    },
  };
}

export type StripeTestContext = Awaited<ReturnType<typeof createStripeTestContext>>;
