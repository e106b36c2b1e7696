/**
 * The contract between the leaseholder's pages (/payment/:linkId, /payment-success) and the
 * server. Plain types and constants only: the public pages ship no zod (docs/decisions/0001); the
 * server's zod schemas for these shapes live in src/server/modules/payments/schemas.ts.
 *
 * Calls (all public, all answer `Cache-Control: no-store`, `Referrer-Policy: no-referrer`,
 * `X-Robots-Tag: noindex`; errors are JSON {message}):
 * - GET  /api/payment-link/:id          → 200 PublicPaymentLink | 404 LinkNotAvailable | 429
 *     A GET changes nothing. A paid link answers 200 with status 'paid' (the page says it is
 *     already paid and offers the receipt); a link whose async payment is settling answers
 *     status 'processing'. A link part-paid stays 'pending' for what remains (`amount`).
 *     Unknown, expired, cancelled and failed links all answer the SAME 404 (state
 *     'unavailable'), so a guessed id learns nothing; a link replaced by a newer one says when
 *     the newer one was sent (state 'replaced'), never its amount or contact details.
 * - POST /api/payment-link/:id/resend   → 202 {message: RESEND_ANSWER_MESSAGE}, whatever the
 *     link's state (issue 29): sends the account's current link, or a new one, to the contact
 *     details on file; at most once per link per 24 hours.
 * - POST /api/payment-link/:id/opened   → 204 (records the first opening, for staff; no body)
 * - POST /api/payment-link/:id/pay      body PayRequest → 200 PayResponse
 *     | 404 not available | 409 {message: PAYMENT_ALREADY_PAID_MESSAGE or
 *       PAYMENT_IN_PROGRESS_MESSAGE} | 400 {message} | 502 {message} (provider unreachable)
 *     The browser sends the method and, for a part payment, `amount`; the server checks it
 *     against the balance at that moment (at least minimumPence, at most the balance). 'redirect' → set window.location to url (Stripe Checkout); 'recorded' → the demo
 *     payment is recorded: go to /payment-success?link_id={id}.
 * - GET  /api/payment-link/:id/payment[?session_id=cs_…] → 200 PaymentResult
 *     | 404 {message: PAYMENT_NOT_FOUND_MESSAGE} (no payment for this link, or unknown link)
 *     Stripe returns the leaseholder to /payment-success?link_id={id}&session_id={session};
 *     pass session_id through so the server can confirm the session with Stripe if its webhook
 *     has not arrived yet. While status is 'processing' (open banking, Direct Debit settling),
 *     poll every few seconds.
 * - GET  /api/payment-link/:id/receipt  → 200 application/pdf (Content-Disposition attachment,
 *     filename receipt-{transactionId}.pdf) | 404 {message: PAYMENT_NOT_FOUND_MESSAGE}
 *     Only for a link with a succeeded payment.
 */

export const PAYMENT_METHODS = ['card', 'open-banking', 'direct-debit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The method chooser's labels (spec section 2, Tenant payment page). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Debit/Credit Card',
  'open-banking': 'Open Banking',
  'direct-debit': 'Direct Debit',
};

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value);
}

export type PublicPaymentLinkStatus = 'pending' | 'processing' | 'paid';

/**
 * The leaseholder's calls for a link: `/api/payment-link/{id}` and what follows it (`rest`).
 * The server builds the page's preload of the link with it too (static-client.ts), so the two
 * URLs are the same.
 */
export function paymentLinkApiPath(linkId: string, rest = ''): string {
  return `/api/payment-link/${encodeURIComponent(linkId)}${rest}`;
}

/**
 * The link id of a payment page's address (`/payment/{id}`), as the page's router gives it to
 * the page: the path segment, %-escapes decoded as `decodeURI` does (wouter), one trailing slash
 * allowed; null for any other address. The server preloads that link with the page
 * (static-client.ts) and the page's script reads it before its first render
 * (payment-routes.tsx), both at `paymentLinkApiPath(id)`.
 */
export function linkIdOfPage(pathname: string): string | null {
  const segment = /^\/payment\/([^/]+?)\/?$/.exec(pathname)?.[1];
  if (!segment) return null;
  try {
    return segment.includes('%') ? decodeURI(segment) : segment;
  } catch {
    return segment;
  }
}

/** GET /api/payment-link/:id — only what the payment page needs (ARCHITECTURE section 7). */
export interface PublicPaymentLink {
  id: string;
  /** Pounds with two decimals, e.g. '1245.50' (spec section 3). */
  amount: string;
  amountPence: number;
  /** ISO 8601 UTC. */
  expiresAt: string;
  /**
   * 'pending': payable. 'processing': an open-banking or Direct Debit payment is settling (not
   * payable again; show the success page's waiting state). 'paid': already paid.
   */
  status: PublicPaymentLinkStatus;
  tenant: { name: string; address: string };
  /** Paid through this link so far (part payments), pounds with two decimals; '0.00' if none. */
  paidAmount: string;
  paidPence: number;
  /** The smallest part payment accepted ("Pay a different amount": from this up to amount). */
  minimumPence: number;
}

/** 404 body of GET /api/payment-link/:id and of calls on a link that cannot be paid. */
export interface LinkNotAvailable {
  message: string;
  /**
   * 'replaced': a newer link was sent on replacedOn (offer "Send me my current link").
   * 'settled': the account owes nothing now (settledOn: the day that closed the link, if it did).
   * 'unavailable': unknown, expired, cancelled or failed, one answer for all (offer "Send me a
   * new link" when canRequestNewLink, and "Ask us to call me").
   */
  state?: 'replaced' | 'settled' | 'unavailable';
  /** ISO 8601 UTC, when state is 'replaced'. */
  replacedOn?: string;
  /** ISO 8601 UTC, when state is 'settled' and a settlement closed the link. */
  settledOn?: string;
  /** Staff may turn "Send me a new link" off (setting); the same for every link. */
  canRequestNewLink?: boolean;
}

/** POST /api/payment-link/:id/pay */
export interface PayRequest {
  method: PaymentMethod;
  /** Pounds as a decimal string ('20.00') for a part payment; omitted pays the whole amount. */
  amount?: string;
}

/** POST /api/payment-link/:id/resend answers this whatever the link's state. */
export const RESEND_ANSWER_MESSAGE =
  'If we hold contact details for this link, we will send your current payment link to them shortly.';

/** Stripe: go to the hosted Checkout page. Demo: the payment is already recorded. */
export type PayResponse = { kind: 'redirect'; url: string } | { kind: 'recorded' };

export type PaymentResultStatus = 'succeeded' | 'processing' | 'failed';

/** GET /api/payment-link/:id/payment — the real payment behind /payment-success. */
export interface PaymentResult {
  status: PaymentResultStatus;
  tenant: { name: string; address: string };
  /** Pounds with two decimals, e.g. '1245.50'. */
  amount: string;
  amountPence: number;
  /** What the leaseholder quotes: the provider's reference (Stripe Checkout Session id or demo). */
  transactionId: string;
  method: PaymentMethod;
  /** ISO 8601 UTC; null until the payment has succeeded. Display in Europe/London. */
  paidAt: string | null;
  /**
   * The confirmation message (spec: 'Receipt Sent'): 'sent' once a channel has sent it (or, in
   * the embedded demo mode, captured it); 'sending' while it is queued; 'none' when there is no
   * confirmation (no contact details, every channel failed, or the payment has not succeeded).
   */
  receipt: 'sent' | 'sending' | 'none';
  /** receipt === 'sent': show 'Receipt Sent' only then. */
  receiptSent: boolean;
  /** Why it failed, when status is 'failed'. */
  failureReason: string | null;
  /** What the account still owes now (after this and any other payment), pounds; '0.00' if none. */
  remainingAmount: string;
  remainingPence: number;
}

/** 404 body of every not-available link (unknown, expired, replaced or failed). */
export const PAYMENT_LINK_NOT_AVAILABLE_MESSAGE = 'This payment link is not available.';
/** 409 on pay for a paid link. */
export const PAYMENT_ALREADY_PAID_MESSAGE = 'This payment link has already been paid.';
/** 409 on pay while an open-banking or Direct Debit payment is settling. */
export const PAYMENT_IN_PROGRESS_MESSAGE = 'A payment for this link is already being processed.';
/** 404 from /payment and /receipt when the link has no payment to show. */
export const PAYMENT_NOT_FOUND_MESSAGE = 'No payment has been made for this link.';
