import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/with-transaction.js';
import { writeAudit } from '../../lib/audit.js';
import { addAccountEvent } from './account-ledger.js';
import { findAccount } from './get-account.js';

/** POST /api/leaseholders/{id}/notes: a staff note on the account's timeline. */
export function addNote(ctx: AppContext, tenantId: string, text: string): Promise<void> {
  return withTransaction(ctx, async (tx) => {
    await findAccount(tx, tenantId);
    await addAccountEvent(tx, { tenantId, kind: 'note', actor: 'admin', text });
    // The note itself may hold personal data: the audit says only that one was written.
    await writeAudit(tx.db, tx.clock, {
      actor: 'admin',
      action: 'leaseholder.note_added',
      subject: tenantId,
    });
  });
}
