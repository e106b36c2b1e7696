import type { SendNotificationsResult } from '../../../shared/upload.js';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/with-transaction.js';
import { writeAudit } from '../../lib/audit.js';
import { sendPaymentLinkMessages } from '../messages/send-payment-link-messages.js';
import { batchLinks } from './batch-links.js';
import { getBatch } from './get-batch.js';

/**
 * POST /api/upload/batch/{id}/send-notifications: queues the payment-link messages of every
 * pending link in the batch, with their reminders, in one transaction. The batch is claimed
 * first by a conditional update of `notifications_sent_at`, so of several presses at once (or
 * later) exactly one sends; the others answer 0 and write nothing. `totalSent` counts the
 * leaseholders given messages by this call.
 */
export async function sendBatchNotifications(
  ctx: AppContext,
  batchId: string,
): Promise<SendNotificationsResult> {
  await getBatch(ctx, batchId);
  return withTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    const claim = await tx.db
      .updateTable('upload_batches')
      .set({ notifications_sent_at: now })
      .where('id', '=', batchId)
      .where('notifications_sent_at', 'is', null)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) === 0) return { totalSent: 0 };

    const links = await batchLinks(tx, batchId);
    const pending = links.filter((link) => link.status === 'pending').map((link) => link.id);
    const before = await notifiedLinks(tx, batchId);
    await sendPaymentLinkMessages(tx, pending);
    const after = await notifiedLinks(tx, batchId);
    const totalSent = after - before;
    await tx.db
      .updateTable('upload_batches')
      .set({ total_sent: after })
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
