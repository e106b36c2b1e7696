import { PAYMENT_LINK_NOT_FOUND_MESSAGE } from '../../../shared/payment-links.js';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/with-transaction.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { cancelReminders } from '../messages/cancel-reminders.js';

/**
 * POST /api/payment-links/{id}/cancel: staff close an open link (the leaseholder disputes it, or
 * will pay another way). Its reminders stop and its unsent messages are cancelled; the balance is
 * unchanged, and the leaseholder's page offers a new link or a call back instead.
 */
export function cancelPaymentLink(ctx: AppContext, id: string): Promise<void> {
  return withTransaction(ctx, async (tx) => {
    const link = await tx.db
      .selectFrom('payment_links')
      .select(['id', 'tenant_id', 'status', 'processing_since'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!link) throw new AppError('NOT_FOUND', PAYMENT_LINK_NOT_FOUND_MESSAGE);
    if (link.processing_since !== null) {
      throw new AppError('CONFLICT', 'A payment on this link is still being processed.');
    }
    const closed = await tx.db
      .updateTable('payment_links')
      .set({ status: 'expired', closed_reason: 'cancelled', closed_at: tx.clock.now() })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('processing_since', 'is', null)
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) === 0) {
      throw new AppError('CONFLICT', 'Only a link that is still open can be cancelled.');
    }
    await cancelReminders(tx, id);
    await writeAudit(tx.db, tx.clock, {
      actor: 'admin',
      action: 'payment_link.cancelled',
      subject: link.tenant_id,
    });
  });
}
