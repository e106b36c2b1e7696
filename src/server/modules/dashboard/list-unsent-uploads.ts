import type { UnsentUpload } from '../../../shared/dashboard.js';
import type { AppContext } from '../../context.js';
import { unsentLinksQuery } from '../uploads/unsent-links.js';

/**
 * GET /api/dashboard/unsent-uploads: uploads whose links were made and never sent, newest first.
 * Easy to miss: a clerk called away before pressing Send, or a second upload of the same sheet
 * that found every link already made ("no new payment links were needed") by the first, unsent.
 * The batches are found first (few, and never-sent ones fewer still), then their links by the
 * batch index, so the read stays small however many links there are.
 */
export async function listUnsentUploads(ctx: AppContext): Promise<UnsentUpload[]> {
  const batches = await ctx.db
    .selectFrom('upload_batches')
    .select(['id', 'filename', 'created_at'])
    .where('notifications_sent_at', 'is', null)
    .where('status', 'in', ['completed', 'completed_with_errors'])
    // No link outlives its lifetime (and the day its expiry may move to a sociable hour), so an
    // older batch has none left to send.
    .where('created_at', '>', ctx.clock.now() - ctx.config.linkLifetimeMs - 24 * 3_600_000)
    .orderBy('created_at', 'desc')
    .execute();
  if (batches.length === 0) return [];
  const counts = await unsentLinksQuery(
    ctx,
    batches.map((batch) => batch.id),
  )
    .select((eb) => [
      'payment_links.batch_id',
      eb.fn.countAll<number>().as('unsent'),
      eb.fn.min('payment_links.expires_at').as('first_expires_at'),
    ])
    .groupBy('payment_links.batch_id')
    .execute();
  const byBatch = new Map(counts.map((row) => [row.batch_id, row]));
  return batches.flatMap((batch) => {
    const found = byBatch.get(batch.id);
    if (!found) return [];
    return [
      {
        batchId: batch.id,
        filename: batch.filename,
        uploadedAt: new Date(batch.created_at).toISOString(),
        unsentLinks: Number(found.unsent),
        firstExpiresAt: new Date(Number(found.first_expires_at)).toISOString(),
      },
    ];
  });
}
