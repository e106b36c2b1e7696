import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import {
  type CheckoutStart,
  type PaymentProvider,
  WebhookSignatureError,
} from './payment-provider.js';

export const DEMO_REFUSED_WITH_STRIPE =
  'The demo payment provider cannot run while Stripe is configured.';
export const DEMO_REFUSED_IN_PRODUCTION =
  'The demo payment provider cannot run in production (NODE_ENV=production).';

/** DEMO-7K2M9QX4: what the success page, receipt and confirmation show as the transaction id. */
function demoReference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(10);
  let code = '';
  for (const byte of bytes) code += alphabet[byte % alphabet.length];
  return `DEMO-${code}`;
}

/**
 * The embedded default's stand-in (ARCHITECTURE section 6): the spec's simulated payment, but
 * recorded for real on the server so status, dashboard, confirmation and receipt all work. No
 * money moves, so it must never run where real payments are expected: refused when Stripe is
 * configured and in production.
 */
export function createDemoProvider(
  config: Pick<Config, 'stripe' | 'isProduction'>,
): PaymentProvider {
  if (config.stripe) throw new Error(DEMO_REFUSED_WITH_STRIPE);
  if (config.isProduction) throw new Error(DEMO_REFUSED_IN_PRODUCTION);
  return {
    name: 'demo',
    async createCheckout(): Promise<CheckoutStart> {
      return { kind: 'completed', reference: demoReference() };
    },
    async retrieveCheckout() {
      return null;
    },
    async findCheckoutReference() {
      return null;
    },
    async refundTotals() {
      return { totalPence: 0, failedPence: 0 };
    },
    parseWebhook() {
      throw new WebhookSignatureError('The demo payment provider receives no webhooks.');
    },
  };
}
