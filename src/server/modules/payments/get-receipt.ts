import { PAYMENT_METHOD_LABELS, PAYMENT_NOT_FOUND_MESSAGE } from '../../../shared/payment-page.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { findPaidLink } from './get-payment-result.js';
import { renderReceipt } from './render-receipt.js';

/** The PDF receipt of a link's succeeded payment; 404 for a link without one. */
export async function getReceipt(
  ctx: AppContext,
  input: { linkId: string; ip: string },
): Promise<{ filename: string; pdf: Uint8Array }> {
  const { link, payment } = await findPaidLink(ctx, input.linkId, input.ip);
  if (payment?.status !== 'succeeded' || payment.paid_at === null) {
    throw new AppError('NOT_FOUND', PAYMENT_NOT_FOUND_MESSAGE);
  }
  const pdf = await renderReceipt({
    company: ctx.config.company,
    tenantName: link.tenant_name,
    property: link.tenant_address,
    amountPence: payment.amount_pence,
    methodLabel: PAYMENT_METHOD_LABELS[payment.method],
    transactionId: payment.provider_ref,
    paidAt: payment.paid_at,
    // What remains now: for the latest payment, what remains after it.
    remainingPence: link.balance_pence,
  });
  // References are [A-Za-z0-9_-]; anything else is dropped so the header stays well-formed.
  const safeRef = payment.provider_ref.replace(/[^A-Za-z0-9_-]/g, '');
  return { filename: `receipt-${safeRef}.pdf`, pdf };
}
