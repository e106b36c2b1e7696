import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { UK_TIME_ZONE } from '../../../shared/dates.js';
import type { OfflinePaymentRequest } from '../../../shared/leaseholders.js';
import { decimalStringToPence } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/with-transaction.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { closeOpenLinks, takePayment } from './account-ledger.js';
import { findAccount } from './get-account.js';

/** The largest single payment staff may record: £1,000,000.00, as for an upload's balance. */
const MAX_PENCE = 100_000_000;

/**
 * POST /api/leaseholders/{id}/payments: a bank transfer, cheque, cash or other payment staff
 * received. It comes off the balance at once; when the balance is covered, the open link closes
 * (no message) and its reminders stop. A receipt is available for it. Returns its id.
 */
export async function recordOfflinePayment(
  ctx: AppContext,
  tenantId: string,
  request: Required<OfflinePaymentRequest>,
): Promise<{ id: string; balancePence: number }> {
  const pence = decimalStringToPence(request.amount.replace(/^£/, ''));
  if (!Number.isSafeInteger(pence) || pence <= 0) {
    throw new AppError(
      'INVALID_REQUEST',
      'Enter the amount received in pounds, for example 20.00.',
    );
  }
  if (pence > MAX_PENCE) {
    throw new AppError('INVALID_REQUEST', 'The amount must be at most £1,000,000.00.');
  }
  const today = format(new TZDate(ctx.clock.now(), UK_TIME_ZONE), 'yyyy-MM-dd');
  if (request.paidOn > today) {
    throw new AppError('INVALID_REQUEST', 'The payment date cannot be in the future.');
  }
  return withTransaction(ctx, async (tx) => {
    await findAccount(tx, tenantId);
    const id = newId();
    await tx.db
      .insertInto('offline_payments')
      .values({
        id,
        tenant_id: tenantId,
        amount_pence: pence,
        method: request.method,
        reference: request.reference === '' ? null : request.reference,
        paid_on: request.paidOn,
        recorded_at: tx.clock.now(),
        recorded_by: 'admin',
      })
      .execute();
    const balance = (await takePayment(tx, tenantId, pence))!;
    if (balance <= 0) await closeOpenLinks(tx, 'settled', [{ tenantId }]);
    await writeAudit(tx.db, tx.clock, {
      actor: 'admin',
      action: 'leaseholder.offline_payment_recorded',
      subject: tenantId,
      details: { amountPence: pence, method: request.method, paidOn: request.paidOn },
    });
    return { id, balancePence: balance };
  });
}
