import Stripe from 'stripe';
import { isPaymentMethod, type PaymentMethod } from '../../../shared/payment-page.js';
import {
  type CheckoutEventType,
  type CheckoutRequest,
  type CheckoutStart,
  type CheckoutState,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderEvent,
  type ReturnState,
  WebhookSignatureError,
} from './payment-provider.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Tests and e2e point the real SDK at a local fake, e.g. http://127.0.0.1:12111. */
  apiBaseUrl?: string | undefined;
}

/** Our method names → Stripe's payment method types (ARCHITECTURE section 1). */
export const STRIPE_METHOD_TYPES = {
  card: 'card',
  'open-banking': 'pay_by_bank',
  'direct-debit': 'bacs_debit',
} as const satisfies Record<PaymentMethod, string>;

const CHECKOUT_EVENTS: Record<string, CheckoutEventType> = {
  'checkout.session.completed': 'checkout.completed',
  'checkout.session.async_payment_succeeded': 'checkout.async_payment_succeeded',
  'checkout.session.async_payment_failed': 'checkout.async_payment_failed',
};

/** Each says a refund was made or changed; what they say is then asked again (`refundTotals`). */
const REFUND_EVENTS = new Set([
  'charge.refunded',
  'charge.refund.updated',
  'refund.created',
  'refund.updated',
  'refund.failed',
]);
/** A refund in these states gave nothing back. */
const REFUND_FAILED_STATES = new Set(['failed', 'canceled']);
const DISPUTE_EVENTS = new Set([
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
]);
/** Stripe takes a disputed payment back while it is argued, and keeps it if the agent loses. */
const DISPUTE_HOLDS_FUNDS = new Set(['needs_response', 'under_review', 'lost']);
/** A dispute (or an inquiry before one) the agent can still answer with evidence. */
const DISPUTE_AWAITS_EVIDENCE = new Set(['needs_response', 'warning_needs_response']);

const MINUTE_MS = 60_000;
/** Stripe accepts a Checkout Session lifetime of 30 minutes to 24 hours. */
const SESSION_MIN_MS = 31 * MINUTE_MS;
const SESSION_MAX_MS = 23 * 60 * MINUTE_MS;

function connectionOptions(apiBaseUrl: string | undefined): Stripe.StripeConfig {
  if (!apiBaseUrl) return {};
  const url = new URL(apiBaseUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

function methodOf(session: Stripe.Checkout.Session): PaymentMethod | null {
  const fromMetadata = session.metadata?.method;
  if (isPaymentMethod(fromMetadata)) return fromMetadata;
  const type = session.payment_method_types?.[0];
  const entry = Object.entries(STRIPE_METHOD_TYPES).find(([, stripeType]) => stripeType === type);
  return entry ? (entry[0] as PaymentMethod) : null;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return allowed.find((candidate) => candidate === value);
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

export function checkoutStateOf(session: Stripe.Checkout.Session): CheckoutState {
  return {
    reference: session.id,
    linkId: session.metadata?.link_id ?? null,
    amountPence: session.amount_total ?? null,
    requestedPence: /^\d+$/.test(session.metadata?.amount_pence ?? '')
      ? Number(session.metadata?.amount_pence)
      : null,
    currency: session.currency ?? null,
    method: methodOf(session),
    status: oneOf(session.status, ['complete', 'expired'] as const) ?? 'open',
    // Anything Stripe adds later reads as not paid: only 'paid' ever records a payment.
    paymentStatus:
      oneOf(session.payment_status, ['paid', 'no_payment_required'] as const) ?? 'unpaid',
    paymentIntent: idOf(session.payment_intent),
  };
}

/** A refund or dispute event as money given back; null if it names no payment. */
function returnStateOf(event: Stripe.Event): ReturnState | null {
  if (REFUND_EVENTS.has(event.type)) {
    // A charge (`charge.refunded`) or one refund (the others). Its totals are what the refunds
    // are now, asked of Stripe when it is handled (`refundTotals`), never what the event says.
    const object = event.data.object as Stripe.Charge | Stripe.Refund;
    const refund = object.object === 'refund' ? object : object.refunds?.data[0];
    const paymentIntent = idOf(object.payment_intent);
    if (!paymentIntent) return null;
    return {
      paymentIntent,
      kind: 'refund',
      totalPence: 0,
      failedPence: 0,
      currency: object.currency,
      disputeStatus: null,
      reason: refund?.failure_reason ?? refund?.reason ?? null,
      respondBy: null,
    };
  }
  const dispute = event.data.object as Stripe.Dispute;
  const paymentIntent = idOf(dispute.payment_intent);
  if (!paymentIntent) return null;
  return {
    paymentIntent,
    kind: 'dispute',
    totalPence: DISPUTE_HOLDS_FUNDS.has(dispute.status) ? dispute.amount : 0,
    failedPence: 0,
    currency: dispute.currency,
    disputeStatus: dispute.status,
    reason: dispute.reason,
    respondBy: DISPUTE_AWAITS_EVIDENCE.has(dispute.status)
      ? (dispute.evidence_details?.due_by ?? 0) * 1000 || null
      : null,
  };
}

/**
 * Stripe Checkout (hosted page): card data, bank logins and Direct Debit mandates stay on
 * Stripe's pages, never ours (PCI SAQ A). Outcomes arrive as signed webhooks.
 */
export function createStripeProvider(
  settings: StripeSettings,
  options: { now: () => number },
): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'leaseholder-payment-portal' },
    ...connectionOptions(settings.apiBaseUrl),
  });

  return {
    name: 'stripe',

    async createCheckout({ link, method, urls }: CheckoutRequest): Promise<CheckoutStart> {
      const now = options.now();
      // The session should not outlive the link, within the lifetime Stripe allows.
      const expiresAt = Math.min(
        Math.max(link.expiresAt, now + SESSION_MIN_MS),
        now + SESSION_MAX_MS,
      );
      const metadata = { link_id: link.id, method, amount_pence: String(link.amountPence) };
      try {
        const session = await stripe.checkout.sessions.create({
          mode: 'payment',
          // API 2026-10-28 replaced payment_method_types with this list (stripe-node 23 changelog).
          allowed_payment_method_types: [STRIPE_METHOD_TYPES[method]],
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'gbp',
                unit_amount: link.amountPence,
                product_data: { name: 'Outstanding balance', description: link.address },
              },
            },
          ],
          metadata,
          payment_intent_data: { metadata },
          client_reference_id: link.id,
          ...(link.tenantEmail ? { customer_email: link.tenantEmail } : {}),
          locale: 'en-GB',
          success_url: urls.success,
          cancel_url: urls.cancel,
          expires_at: Math.floor(expiresAt / 1000),
        });
        if (!session.url) throw new Error('Stripe answered a Checkout Session without a url');
        return { kind: 'redirect', url: session.url, reference: session.id };
      } catch (error) {
        throw new PaymentProviderError('Stripe did not create a Checkout Session', {
          cause: error,
        });
      }
    },

    async retrieveCheckout(reference: string): Promise<CheckoutState | null> {
      try {
        return checkoutStateOf(await stripe.checkout.sessions.retrieve(reference));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
          return null;
        }
        throw new PaymentProviderError('Stripe did not answer for a Checkout Session', {
          cause: error,
        });
      }
    },

    async findCheckoutReference(paymentIntent: string): Promise<string | null> {
      try {
        const found = await stripe.checkout.sessions.list({
          payment_intent: paymentIntent,
          limit: 1,
        });
        const session = found.data[0];
        // Only a session the portal made names one of its links.
        return session?.metadata?.link_id ? session.id : null;
      } catch (error) {
        throw new PaymentProviderError('Stripe did not answer for a PaymentIntent', {
          cause: error,
        });
      }
    },

    async refundTotals(paymentIntent: string) {
      const totals = { totalPence: 0, failedPence: 0 };
      try {
        for await (const refund of stripe.refunds.list({
          payment_intent: paymentIntent,
          limit: 100,
        })) {
          totals.totalPence += refund.amount;
          if (REFUND_FAILED_STATES.has(refund.status ?? '')) totals.failedPence += refund.amount;
        }
      } catch (error) {
        throw new PaymentProviderError('Stripe did not answer for the refunds of a payment', {
          cause: error,
        });
      }
      return totals;
    },

    parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
      if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
      let event: Stripe.Event;
      try {
        // Verifies the HMAC over the exact bytes and refuses timestamps older than 5 minutes.
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(
          error instanceof Error ? error.message : 'Invalid Stripe signature.',
        );
      }
      if (REFUND_EVENTS.has(event.type) || DISPUTE_EVENTS.has(event.type)) {
        const returned = returnStateOf(event);
        if (returned) return { kind: 'return', id: event.id, type: event.type, returned };
      }
      const type = CHECKOUT_EVENTS[event.type];
      if (!type) return { kind: 'ignored', id: event.id, type: event.type };
      const session = event.data.object as Stripe.Checkout.Session;
      return { kind: 'checkout', id: event.id, type, checkout: checkoutStateOf(session) };
    },
  };
}
