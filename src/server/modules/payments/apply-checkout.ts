import { PAYMENT_METHOD_LABELS } from '../../../shared/payment-page.js';
import type { AppContext } from '../../context.js';
import type {
  CheckoutEventType,
  CheckoutState,
} from '../../integrations/payments/payment-provider.js';
import {
  type ProviderPayment,
  type RecordOutcome,
  recordPaymentFailed,
  recordPaymentProcessing,
  recordPaymentSucceeded,
} from './record-payment.js';

export const PAYMENT_CURRENCY = 'gbp';

export type CheckoutOutcome =
  | RecordOutcome
  /** Not finished on the provider's page yet (or abandoned): nothing to record. */
  | 'open'
  /** Link id, amount, currency or method do not match a link of ours: logged, never paid. */
  | 'mismatch';

export interface Mismatch {
  reference: string;
  linkId: string | null;
  problems: string[];
}

/**
 * Checks a provider checkout against our copy of its link: only a checkout for one of our links,
 * in pounds, for exactly the amount we asked it to take (the link's, or a part payment's recorded
 * in its metadata when we created it) can pay it: a tampered or foreign session cannot.
 */
async function paymentOf(
  ctx: AppContext,
  checkout: CheckoutState,
): Promise<{ payment: ProviderPayment } | { mismatch: Mismatch }> {
  const problems: string[] = [];
  const link = checkout.linkId
    ? await ctx.db
        .selectFrom('payment_links')
        .select(['id', 'amount_pence'])
        .where('id', '=', checkout.linkId)
        .executeTakeFirst()
    : undefined;
  if (!link) problems.push(checkout.linkId ? 'unknown link id' : 'no link id in metadata');
  const requested = checkout.requestedPence ?? link?.amount_pence;
  if (link && (checkout.amountPence !== requested || !checkout.amountPence)) {
    problems.push(`amount ${checkout.amountPence} is not the ${requested} asked for`);
  }
  if (checkout.currency !== PAYMENT_CURRENCY) problems.push(`currency ${checkout.currency}`);
  if (!checkout.method) problems.push('unknown payment method');
  if (!link || problems.length > 0 || !checkout.method) {
    return { mismatch: { reference: checkout.reference, linkId: checkout.linkId, problems } };
  }
  return {
    payment: {
      linkId: link.id,
      provider: 'stripe',
      reference: checkout.reference,
      method: checkout.method,
      amountPence: checkout.amountPence ?? 0,
      currency: PAYMENT_CURRENCY,
      paymentIntent: checkout.paymentIntent,
    },
  };
}

export function failureReasonFor(payment: ProviderPayment): string {
  return `The ${PAYMENT_METHOD_LABELS[payment.method]} payment was not completed by the bank.`;
}

/**
 * Applies what a provider says about a checkout: paid → recorded; completed but unpaid (Bacs,
 * open banking) → processing; async failure → failed. Every step is idempotent by the checkout's
 * reference, so the webhook and the success page's return may both report the same session.
 */
export async function applyCheckout(
  ctx: AppContext,
  type: CheckoutEventType,
  checkout: CheckoutState,
  onMismatch: (mismatch: Mismatch) => Promise<void>,
): Promise<CheckoutOutcome> {
  if (checkout.status !== 'complete') return 'open';
  const checked = await paymentOf(ctx, checkout);
  if ('mismatch' in checked) {
    await onMismatch(checked.mismatch);
    return 'mismatch';
  }
  const { payment } = checked;
  if (type === 'checkout.async_payment_failed') {
    return recordPaymentFailed(ctx, { ...payment, reason: failureReasonFor(payment) });
  }
  if (checkout.paymentStatus === 'paid') return recordPaymentSucceeded(ctx, payment);
  if (checkout.paymentStatus === 'unpaid' && type === 'checkout.completed') {
    return recordPaymentProcessing(ctx, payment);
  }
  return 'open';
}
