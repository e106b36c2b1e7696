import { decimalStringToPence, formatPence } from '../../../shared/money.js';
import {
  PAYMENT_ALREADY_PAID_MESSAGE,
  PAYMENT_IN_PROGRESS_MESSAGE,
  type PaymentMethod,
  type PayResponse,
} from '../../../shared/payment-page.js';
import type { AppContext } from '../../context.js';
import type { PaymentProvider } from '../../integrations/payments/payment-provider.js';
import { AppError } from '../../lib/errors.js';
import { type RateLimit, takeAttempt } from '../../lib/rate-limit.js';
import { PAYMENT_CURRENCY } from './apply-checkout.js';
import { amountDueOn, findAvailableLink } from './get-public-payment-link.js';
import { recordPaymentSucceeded } from './record-payment.js';

/**
 * Payments started on one link: each may open a Checkout Session at Stripe, so someone holding a
 * link cannot spend the account's Stripe request allowance that other leaseholders pay through.
 * A person retrying a declined card or changing method stays well inside it. Counted by link, not
 * address: many phones share one address behind a mobile network.
 */
const PAYMENTS_PER_LINK: RateLimit = { bucket: 'pay:link', max: 10, windowMs: 15 * 60_000 };

export const TOO_MANY_PAYMENTS_MESSAGE =
  'Too many payment attempts on this link. Please wait a few minutes and try again.';

export const PAYMENTS_UNAVAILABLE_MESSAGE =
  'Online payments are not available at the moment. Please contact us to pay your balance.';

/** Where the provider sends the leaseholder back to, on our public address. */
export function checkoutUrls(ctx: AppContext, linkId: string) {
  const id = encodeURIComponent(linkId);
  return {
    // Stripe fills in {CHECKOUT_SESSION_ID}: the success page confirms it if the webhook is late.
    success: `${ctx.config.publicBaseUrl}/payment-success?link_id=${id}&session_id={CHECKOUT_SESSION_ID}`,
    cancel: `${ctx.config.publicBaseUrl}/payment/${id}`,
  };
}

/**
 * What this payment takes, in pence: the whole balance, or the part the leaseholder chose, from
 * the configured minimum up to the balance at this moment. Never a total the browser worked out.
 */
export function amountToPay(
  ctx: AppContext,
  balancePence: number,
  amount: string | undefined,
): number {
  if (amount === undefined || amount === '') return balancePence;
  const pence = decimalStringToPence(amount.replace(/^£/, ''));
  if (!Number.isSafeInteger(pence) || pence <= 0) {
    throw new AppError('INVALID_REQUEST', 'Enter the amount in pounds, for example 20.00.');
  }
  const minimum = Math.min(ctx.config.minPartPaymentPence, balancePence);
  if (pence < minimum) {
    throw new AppError(
      'INVALID_REQUEST',
      `The smallest amount you can pay is ${formatPence(minimum)}.`,
    );
  }
  if (pence > balancePence) {
    throw new AppError(
      'INVALID_REQUEST',
      `You can pay at most ${formatPence(balancePence)}, the balance owed.`,
    );
  }
  return pence;
}

/**
 * Pay: the whole balance, or a part of it (amountToPay). Stripe answers a hosted Checkout page
 * to go to; the demo provider's payment is recorded at once.
 */
export async function startPayment(
  ctx: AppContext,
  provider: PaymentProvider | null,
  input: { linkId: string; method: PaymentMethod; ip: string; amount?: string | undefined },
): Promise<PayResponse> {
  const { link, state } = await findAvailableLink(ctx, input.linkId, input.ip);
  if (state === 'paid') throw new AppError('CONFLICT', PAYMENT_ALREADY_PAID_MESSAGE);
  if (state === 'processing') throw new AppError('CONFLICT', PAYMENT_IN_PROGRESS_MESSAGE);
  const balancePence = amountDueOn(link, state);
  if (balancePence <= 0) throw new AppError('CONFLICT', PAYMENT_ALREADY_PAID_MESSAGE);
  const amountPence = amountToPay(ctx, balancePence, input.amount);
  if (!provider) throw new AppError('UNAVAILABLE', PAYMENTS_UNAVAILABLE_MESSAGE);
  const attempt = await takeAttempt(ctx, [{ limit: PAYMENTS_PER_LINK, key: link.id }]);
  if (!attempt.isAllowed) {
    throw new AppError('LIMIT_EXCEEDED', TOO_MANY_PAYMENTS_MESSAGE, {
      headers: { 'Retry-After': String(PAYMENTS_PER_LINK.windowMs / 1000) },
    });
  }

  // A PaymentProviderError escapes to the route, which answers 502.
  const start = await provider.createCheckout({
    link: {
      id: link.id,
      amountPence,
      expiresAt: link.expires_at,
      tenantName: link.tenant_name,
      tenantEmail: link.tenant_email,
      address: link.tenant_address,
    },
    method: input.method,
    urls: checkoutUrls(ctx, link.id),
  });
  if (start.kind === 'redirect') return { kind: 'redirect', url: start.url };

  const outcome = await recordPaymentSucceeded(
    ctx,
    {
      linkId: link.id,
      provider: provider.name,
      reference: start.reference,
      method: input.method,
      amountPence,
      currency: PAYMENT_CURRENCY,
    },
    { onlyIfOwed: true },
  );
  // Two presses at once: the second finds the balance paid by the first.
  if (outcome !== 'recorded') throw new AppError('CONFLICT', PAYMENT_ALREADY_PAID_MESSAGE);
  return { kind: 'recorded' };
}
