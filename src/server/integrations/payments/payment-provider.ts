import type { PaymentMethod } from '../../../shared/payment-page.js';

/** What a provider needs to know about the link being paid: always the server's own copy. */
export interface CheckoutLink {
  id: string;
  /** What to take: the balance, or the part of it the leaseholder chose (checked by us). */
  amountPence: number;
  expiresAt: number;
  tenantName: string;
  tenantEmail: string | null;
  address: string;
}

export interface CheckoutRequest {
  link: CheckoutLink;
  method: PaymentMethod;
  /** Absolute URLs on our public base URL. */
  urls: { success: string; cancel: string };
}

/**
 * 'redirect': the leaseholder pays on the provider's hosted page (Stripe Checkout), and the
 * outcome arrives later by webhook. 'completed': the provider took the payment at once (demo).
 */
export type CheckoutStart =
  | { kind: 'redirect'; url: string; reference: string }
  | { kind: 'completed'; reference: string };

/** A provider's checkout as we need it, whatever the provider calls its fields. */
export interface CheckoutState {
  /** The provider's id for it (Stripe Checkout Session id): payments.provider_ref. */
  reference: string;
  /** From the checkout's metadata; null when it carries none. */
  linkId: string | null;
  amountPence: number | null;
  /** What we asked the provider to take (its metadata): a part payment's own amount. */
  requestedPence: number | null;
  /** ISO 4217, lower case. */
  currency: string | null;
  method: PaymentMethod | null;
  /** 'complete' once the leaseholder finished the hosted page. */
  status: 'open' | 'complete' | 'expired';
  /** 'unpaid' on a complete checkout: an asynchronous payment (Bacs, open banking) is settling. */
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  /** The provider's id for the money taken (Stripe's PaymentIntent), once there is one. */
  paymentIntent: string | null;
}

/**
 * Money a provider gave back from one payment, as a running total so that a replayed or late
 * event cannot count twice: all refunds so far, or what a dispute holds back now (nothing once
 * the agent wins it).
 */
export interface ReturnState {
  paymentIntent: string;
  kind: 'refund' | 'dispute';
  /**
   * In the payment's currency's smallest unit. For refunds, every refund ever made, failed ones
   * too, and `failedPence` those that failed or were cancelled: both only grow, so the larger
   * is the newer whatever order events come in, and what went back is their difference.
   */
  totalPence: number;
  failedPence: number;
  currency: string;
  /** A dispute's status as the provider names it ('needs_response', 'won', 'lost'…). */
  disputeStatus: string | null;
  /** Why, as the provider names it ('requested_by_customer', 'fraudulent'…). */
  reason: string | null;
  /** A dispute waiting for the agent's evidence: when it is due (epoch milliseconds). */
  respondBy: number | null;
}

export type CheckoutEventType =
  | 'checkout.completed'
  | 'checkout.async_payment_succeeded'
  | 'checkout.async_payment_failed';

/** A verified provider event about a checkout or money given back; others come back 'ignored'. */
export type ProviderEvent =
  | { kind: 'checkout'; id: string; type: CheckoutEventType; checkout: CheckoutState }
  | { kind: 'return'; id: string; type: string; returned: ReturnState }
  | { kind: 'ignored'; id: string; type: string };

/** Thrown when a webhook's signature or timestamp does not verify: answer 400, record nothing. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** Thrown when the provider could not be reached or refused the request. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

/**
 * One interface for every way of paying (ARCHITECTURE section 1): Stripe Checkout in production,
 * the demo provider in the embedded default. Routes and services never import a provider's SDK.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'demo';
  /** Starts paying `link` with `method`; the amount is the server's checked one. */
  createCheckout(request: CheckoutRequest): Promise<CheckoutStart>;
  /** The checkout as the provider sees it now; null when it does not know the reference. */
  retrieveCheckout(reference: string): Promise<CheckoutState | null>;
  /**
   * The portal's checkout that took `paymentIntent`, for payments recorded before we kept its
   * id; null when no checkout of the portal's took it.
   */
  findCheckoutReference(paymentIntent: string): Promise<string | null>;
  /**
   * The refunds of `paymentIntent` as the provider has them now (a refund event says only what
   * was true when it was sent, and a refund can fail days later).
   */
  refundTotals(paymentIntent: string): Promise<Pick<ReturnState, 'totalPence' | 'failedPence'>>;
  /**
   * Verifies a webhook on its raw body and reads it. Throws WebhookSignatureError when the
   * signature is missing, wrong or too old.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}
