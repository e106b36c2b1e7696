import { formatDate } from '../../../shared/dates.js';
import type { PaymentReversal } from '../../../shared/leaseholders.js';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/with-transaction.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { addAccountEvent, takePayment } from './account-ledger.js';
import { findAccount } from './get-account.js';

export const PAYMENT_NOT_FOUND_MESSAGE = 'Payment not found.';

/** An offline payment of this account, or 404. */
export async function findOfflinePayment(ctx: AppContext, tenantId: string, paymentId: string) {
  const payment = await ctx.db
    .selectFrom('offline_payments')
    .selectAll()
    .where('id', '=', paymentId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!payment) throw new AppError('NOT_FOUND', PAYMENT_NOT_FOUND_MESSAGE);
  return payment;
}

/**
 * POST /api/leaseholders/{id}/payments/{paymentId}/reverse: a payment staff recorded did not
 * come in after all (a cheque bounced) or was recorded in error (on the wrong leaseholder). Its
 * amount is owed again, the history says why, and the payments export lists it as given back
 * on this day, so the agent's ledger owes it again too. Nothing is sent; its receipt is refused
 * from now on. Once only: a second reversal is refused.
 */
export async function reverseOfflinePayment(
  ctx: AppContext,
  tenantId: string,
  paymentId: string,
  { reason }: PaymentReversal,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    await findAccount(tx, tenantId, { forUpdate: true });
    const payment = await findOfflinePayment(tx, tenantId, paymentId);
    const alreadyReversed = () =>
      new AppError(
        'CONFLICT',
        `This payment was already reversed on ${formatDate(payment.reversed_at ?? tx.clock.now())}.`,
      );
    if (payment.reversed_at !== null) throw alreadyReversed();
    // Compare-and-set as well as the account's lock: two presses at once reverse it once.
    const marked = await tx.db
      .updateTable('offline_payments')
      .set({ reversed_at: tx.clock.now(), reversed_reason: reason })
      .where('id', '=', paymentId)
      .where('reversed_at', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) throw alreadyReversed();
    // A negative payment: it is owed again.
    const balancePence = (await takePayment(tx, tenantId, -payment.amount_pence))!;
    const details = {
      kind: 'reversal',
      pence: payment.amount_pence,
      method: payment.method,
      reference: payment.reference,
      paidOn: payment.paid_on,
      balancePence,
    };
    await addAccountEvent(tx, {
      tenantId,
      kind: 'payment_returned',
      actor: 'admin',
      text: reason,
      details,
    });
    await writeAudit(tx.db, tx.clock, {
      actor: 'admin',
      action: 'leaseholder.offline_payment_reversed',
      subject: tenantId,
      details: { paymentId, amountPence: payment.amount_pence, method: payment.method },
    });
  });
}
