import type { BalanceCorrection } from '../../../shared/leaseholders.js';
import { decimalStringToPence, formatPence } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/with-transaction.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { addAccountEvent, closeOpenLinks, setBalances } from './account-ledger.js';
import { findAccount } from './get-account.js';

/** As for an upload's balance: £1,000,000.00, owed or in credit. */
const MAX_PENCE = 100_000_000;

/**
 * PUT /api/leaseholders/{id}/balance: staff set what is owed, with a reason (a duplicate account,
 * a leaseholder who sold and is on no sheet any more, a write-off). Nothing is sent: an open link
 * asks for the new balance from now on, or closes as settled when nothing is owed. A later sheet
 * still showing the balance from before is read as older than the correction, which stands; one
 * with another figure sets the balance as usual (reconcile-rows.ts).
 */
export async function correctBalance(
  ctx: AppContext,
  tenantId: string,
  request: BalanceCorrection,
): Promise<void> {
  const pence = decimalStringToPence(request.balance);
  if (!Number.isSafeInteger(pence)) {
    throw new AppError(
      'INVALID_REQUEST',
      'Enter the balance in pounds, for example 120.00, or -25.00 for a credit.',
    );
  }
  if (Math.abs(pence) > MAX_PENCE) {
    throw new AppError('INVALID_REQUEST', 'The balance must be at most £1,000,000.00 either way.');
  }
  await withTransaction(ctx, async (tx) => {
    const account = await findAccount(tx, tenantId, { forUpdate: true });
    const from = account.balance_pence;
    if (request.wasPence !== undefined && request.wasPence !== from) {
      throw new AppError(
        'CONFLICT',
        `The balance changed to ${formatPence(from)} while you were correcting it (a payment or an upload). Check it, then correct it again.`,
      );
    }
    if (from === pence) {
      throw new AppError(
        'CONFLICT',
        `The balance is already ${formatPence(pence)}: nothing was changed.`,
      );
    }
    await setBalances(tx, [{ tenantId, balancePence: pence }]);
    // What the sheets said before the first of staff's corrections since the last one changed it.
    await tx.db
      .updateTable('tenants')
      .set({ corrected_from_pence: account.corrected_from_pence ?? from })
      .where('id', '=', tenantId)
      .execute();
    await addAccountEvent(tx, {
      tenantId,
      kind: 'balance_set',
      actor: 'admin',
      text: request.reason,
      details: { from, to: pence },
    });
    if (pence <= 0) await closeOpenLinks(tx, 'settled', [{ tenantId }]);
    await writeAudit(tx.db, tx.clock, {
      actor: 'admin',
      action: 'leaseholder.balance_corrected',
      subject: tenantId,
      details: { fromPence: from, toPence: pence },
    });
  });
}
