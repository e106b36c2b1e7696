import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { createDemoProvider } from './demo.js';
import type { PaymentProvider } from './payment-provider.js';
import { createStripeProvider } from './stripe.js';

/**
 * Stripe once STRIPE_SECRET_KEY is set; otherwise the demo provider, except in production, where
 * there is none (start-up refuses production without Stripe unless ALLOW_DEMO_PROVIDERS is set,
 * and even then payments are refused rather than faked).
 */
export function createPaymentProvider(config: Config, clock: Clock): PaymentProvider | null {
  if (config.stripe) return createStripeProvider(config.stripe, { now: () => clock.now() });
  if (config.isProduction) return null;
  return createDemoProvider(config);
}
