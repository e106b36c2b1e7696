import { TZDate } from '@date-fns/tz';
import { formatDate } from '../../../shared/dates.js';
import { OFFLINE_PAYMENT_METHOD_LABELS } from '../../../shared/leaseholders.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { renderReceipt } from '../payments/render-receipt.js';
import { findAccount } from './get-account.js';
import { findOfflinePayment } from './reverse-offline-payment.js';

/** GET /api/leaseholders/{id}/payments/{paymentId}/receipt: a PDF for an offline payment. */
export async function offlineReceipt(
  ctx: AppContext,
  tenantId: string,
  paymentId: string,
): Promise<{ filename: string; pdf: Uint8Array }> {
  const account = await findAccount(ctx, tenantId);
  const payment = await findOfflinePayment(ctx, tenantId, paymentId);
  // A receipt is proof of payment: none for money that did not come in after all.
  if (payment.reversed_at !== null) {
    throw new AppError(
      'CONFLICT',
      `This payment was reversed on ${formatDate(payment.reversed_at)}: there is no receipt for it.`,
    );
  }
  const [year, month, day] = payment.paid_on.split('-').map(Number) as [number, number, number];
  const pdf = await renderReceipt({
    company: ctx.config.company,
    tenantName: account.name,
    property: account.address,
    amountPence: payment.amount_pence,
    methodLabel: OFFLINE_PAYMENT_METHOD_LABELS[payment.method],
    transactionId: payment.reference ?? payment.id,
    // The day it was paid, at noon UK time: staff record the day, not the minute.
    paidAt: new TZDate(year, month - 1, day, 12, 0, 'Europe/London').getTime(),
    remainingPence: account.balance_pence,
  });
  return { filename: `receipt-${payment.id}.pdf`, pdf };
}
