import type { ApiAnswer, FormAnswer } from '../../../../shared/page-data';
import {
  type LinkNotAvailable,
  type PaymentMethod,
  type PaymentResult,
  type PayResponse,
  type PublicPaymentLink,
  paymentLinkApiPath,
  RESEND_ANSWER_MESSAGE,
} from '../../../../shared/payment-page';

/**
 * The leaseholder's calls (src/shared/payment-page.ts has the contract). Plain fetch, no query
 * library: the public pages stay small for phones (ARCHITECTURE section 8).
 */
export class PaymentApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's own words, when it sent a JSON {message}. */
    readonly serverMessage?: string,
  ) {
    super(message);
    this.name = 'PaymentApiError';
  }
}

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, { credentials: 'same-origin', ...init });
  if (!response.ok) {
    let serverMessage: string | undefined;
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string') serverMessage = body.message;
    } catch {
      // Not JSON (a proxy's error page): keep the status text.
    }
    const message = `${response.status}: ${serverMessage ?? response.statusText}`;
    throw new PaymentApiError(response.status, message, serverMessage);
  }
  return (response.status === 204 ? undefined : await response.json()) as T;
}

export type LinkAnswer = ApiAnswer<PublicPaymentLink> | ApiAnswer<LinkNotAvailable>;

/**
 * GET the link: 200 with the link, or the server's not-available answer (404, with its state
 * when it says one), or another failure (429, 5xx; status 0 when there was no answer at all).
 */
export async function fetchPaymentLink(linkId: string): Promise<LinkAnswer> {
  try {
    const response = await fetch(paymentLinkApiPath(linkId), { credentials: 'same-origin' });
    const body = await response.json().catch(() => ({ message: response.statusText }));
    return { status: response.status, body } as LinkAnswer;
  } catch {
    return { status: 0, body: { message: '' } };
  }
}

/** For staff: the first opening of the link. Never blocks the page, never reports failure. */
export function recordLinkOpened(linkId: string): void {
  fetch(paymentLinkApiPath(linkId, '/opened'), { method: 'POST', keepalive: true }).catch(() => {});
}

/** Pay the whole balance, or `amount` (pounds, '20.00') of it; the server checks the amount. */
export function startPayment(
  linkId: string,
  method: PaymentMethod,
  amount?: string,
): Promise<PayResponse> {
  return request(paymentLinkApiPath(linkId, '/pay'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(amount === undefined ? { method } : { method, amount }),
  });
}

/**
 * "Send me my current link" / "Send me a new link": the server answers the same whatever the
 * link's state, and sends only to the contact details it holds.
 */
export async function requestLinkResend(linkId: string): Promise<FormAnswer> {
  try {
    const answer = await request<{ message?: string }>(paymentLinkApiPath(linkId, '/resend'), {
      method: 'POST',
    });
    return { success: true, message: answer?.message ?? RESEND_ANSWER_MESSAGE };
  } catch (error) {
    const message =
      error instanceof PaymentApiError && error.status === 429 && error.serverMessage
        ? error.serverMessage
        : 'We could not send your link just now. Please try again later, or ask us to call you.';
    return { success: false, message };
  }
}

export function fetchPaymentResult(linkId: string, sessionId?: string): Promise<PaymentResult> {
  const query = sessionId ? `?session_id=${encodeURIComponent(sessionId)}` : '';
  return request(paymentLinkApiPath(linkId, `/payment${query}`));
}

export function receiptUrl(linkId: string): string {
  return paymentLinkApiPath(linkId, '/receipt');
}

/** Where the no-JavaScript forms of a payment page post (the page's own address). */
export function paymentPagePath(linkId: string): string {
  return `/payment/${encodeURIComponent(linkId)}`;
}

export function successPath(linkId: string): string {
  return `/payment-success?link_id=${encodeURIComponent(linkId)}`;
}
