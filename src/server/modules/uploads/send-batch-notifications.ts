import type { SendNotificationsResult } from '../../../shared/upload.js';
import type { AppContext } from '../../context.js';
import { withKeyLocks } from '../../db/key-locks.js';
import { withTransaction } from '../../db/with-transaction.js';
import { writeAudit } from '../../lib/audit.js';
import { sendPaymentLinkMessages } from '../messages/send-payment-link-messages.js';
import { getBatch } from './get-batch.js';
import { unsentLinkIds } from './unsent-links.js';

/**
 * POST /api/upload/batch/{id}/send-notifications: queues the payment-link messages of every
 * link in the batch not sent yet (unsent-links.ts), with their reminders, in one transaction
 * under a lock on the batch, so of several presses at once exactly one sends and the others
 * answer 0 and write nothing. A batch sent before sends only what it has not (issue 31).
 * `totalSent` counts the leaseholders given messages by this call.
 */
export async function sendBatchNotifications(
  ctx: AppContext,
  batchId: string,
): Promise<SendNotificationsResult> {
  await getBatch(ctx, batchId);
  return withTransaction(ctx, (tx) =>
    withKeyLocks(tx.db, tx.engine, [`batch-send:${batchId}`], async (db) => {
      const locked = { ...tx, db };
      const unsent = await unsentLinkIds(locked, batchId);
      if (unsent.length === 0) return { totalSent: 0 };
      const before = await notifiedLinks(locked, batchId);
      await sendPaymentLinkMessages(locked, unsent);
      const after = await notifiedLinks(locked, batchId);
      const totalSent = after - before;
      if (totalSent === 0) return { totalSent: 0 };
      await db
        .updateTable('upload_batches')
        .set((eb) => ({
          notifications_sent_at: eb.fn.coalesce(
            'notifications_sent_at',
            eb.val(locked.clock.now()),
          ),
          total_sent: after,
        }))
        .where('id', '=', batchId)
        .execute();
      await writeAudit(db, locked.clock, {
        actor: 'admin',
        action: 'upload.batch_sent',
        subject: batchId,
        details: { leaseholders: totalSent },
      });
      return { totalSent };
    }),
  );
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
