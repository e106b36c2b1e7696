import {
  type PaymentMethod,
  type PaymentResult,
  type PayResponse,
  type PublicPaymentLink,
  paymentLinkApiPath,
} from '../../../../shared/payment-page';

/**
 * The leaseholder's calls (src/shared/payment-page.ts has the contract). Plain fetch, no query
 * library: the public pages stay small for phones (ARCHITECTURE section 8).
 */
export class PaymentApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentApiError';
  }
}

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, { credentials: 'same-origin', ...init });
  if (!response.ok) {
    let message = response.statusText;
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // Not JSON (a proxy's error page): keep the status text.
    }
    throw new PaymentApiError(response.status, `${response.status}: ${message}`);
  }
  return (response.status === 204 ? undefined : await response.json()) as T;
}

export function fetchPaymentLink(linkId: string): Promise<PublicPaymentLink> {
  return request(paymentLinkApiPath(linkId));
}

/** The link as first read, or that it was not available. */
export type FirstRead = { link: PublicPaymentLink } | { link: null };

const firstReads = new Map<string, FirstRead>();

/**
 * Reads the page's link before React's first render (payment-routes.tsx), so that the page
 * renders with it at once rather than a placeholder first. The browser answers this read from
 * the page's preload of the link (static-client.ts).
 */
export async function readLinkFirst(linkId: string): Promise<void> {
  if (firstReads.has(linkId)) return;
  try {
    firstReads.set(linkId, { link: await fetchPaymentLink(linkId) });
  } catch {
    firstReads.set(linkId, { link: null });
  }
}

/** What readLinkFirst found for `linkId`, if it ran; once, for the page's first render. */
export function takeFirstRead(linkId: string): FirstRead | undefined {
  const read = firstReads.get(linkId);
  firstReads.delete(linkId);
  return read;
}

/** For staff: the first opening of the link. Never blocks the page, never reports failure. */
export function recordLinkOpened(linkId: string): void {
  fetch(paymentLinkApiPath(linkId, '/opened'), { method: 'POST', keepalive: true }).catch(() => {});
}

export function startPayment(linkId: string, method: PaymentMethod): Promise<PayResponse> {
  return request(paymentLinkApiPath(linkId, '/pay'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method }),
  });
}

export function fetchPaymentResult(linkId: string, sessionId?: string): Promise<PaymentResult> {
  const query = sessionId ? `?session_id=${encodeURIComponent(sessionId)}` : '';
  return request(paymentLinkApiPath(linkId, `/payment${query}`));
}

export function receiptUrl(linkId: string): string {
  return paymentLinkApiPath(linkId, '/receipt');
}
