import type { SendNotificationsResult } from '../../../shared/upload.js';
import type { AppContext } from '../../context.js';
import { writeAudit } from '../../lib/audit.js';
import { sendPaymentLinkMessages } from '../messages/send-payment-link-messages.js';
import { withTransaction } from '../messages/with-transaction.js';
import { batchLinks } from './batch-links.js';

/**
 * POST /api/upload/batch/{id}/send-notifications: queues the payment-link messages of every
 * pending link in the batch, with their reminders, in one transaction. `totalSent` counts the
 * leaseholders given messages by this call: pressing it again queues nothing and answers 0.
 */
export async function sendBatchNotifications(
  ctx: AppContext,
  batchId: string,
): Promise<SendNotificationsResult> {
  const links = await batchLinks(ctx, batchId);
  const pending = links.filter((link) => link.status === 'pending').map((link) => link.id);
  return withTransaction(ctx, async (tx) => {
    const before = await notifiedLinks(tx, batchId);
    await sendPaymentLinkMessages(tx, pending);
    const after = await notifiedLinks(tx, batchId);
    const totalSent = after - before;
    const now = tx.clock.now();
    await tx.db
      .updateTable('upload_batches')
      .set((eb) => ({
        total_sent: after,
        notifications_sent_at: eb.fn.coalesce('notifications_sent_at', eb.val(now)),
      }))
      .where('id', '=', batchId)
      .execute();
    await writeAudit(tx.db, tx.clock, {
      actor: 'admin',
      action: 'upload.batch_sent',
      subject: batchId,
      details: { leaseholders: totalSent },
    });
    return { totalSent };
  });
}

/** Leaseholders of the batch with a payment-link message on any channel. */
async function notifiedLinks(ctx: AppContext, batchId: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('messages')
    .innerJoin('payment_links', 'payment_links.id', 'messages.link_id')
    .select((eb) => eb.fn.count<number>('messages.link_id').distinct().as('count'))
    .where('payment_links.batch_id', '=', batchId)
    .where('messages.kind', '=', 'payment_link')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
