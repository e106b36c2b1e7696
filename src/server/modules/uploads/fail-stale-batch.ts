import type { AppContext } from '../../context.js';
import { writeAudit } from '../../lib/audit.js';
import { isOwnerAlive } from './batch-owner.js';

/**
 * How long a batch may stay 'processing' before we know its upload died with the server. A live
 * upload is bounded by the worker thread's 20 s parse limit plus one transaction writing at most
 * 50,000 links (seconds); five minutes leaves a wide margin for a slow disk.
 */
export const STALE_PROCESSING_MS = 5 * 60 * 1000;

export const INTERRUPTED_BATCH_MESSAGE =
  'Processing was interrupted: the server stopped before this batch was finished, so no payment links were created. Please upload the file again.';

/**
 * A batch left 'processing' by a process that no longer runs (batch-owner.ts), or for longer
 * than any upload can take.
 */
export function isStaleProcessing(
  batch: { status: string; created_at: number; owner: string | null; heartbeat_at: number | null },
  now: number,
): boolean {
  if (batch.status !== 'processing') return false;
  return batch.created_at <= now - STALE_PROCESSING_MS || !isOwnerAlive(batch, now);
}

/**
 * Marks a batch left 'processing' by a server that died mid-upload as failed (decision 0004: its
 * transaction never committed, so it has no links) and frees its dedupe key, so uploading the
 * same file again makes a new batch instead of answering the stuck one forever. Called once it
 * is known stale (`isStaleProcessing`): where batches are read, and by housekeeping at start-up
 * and every minute. Conditional, so concurrent callers fail it once; answers whether this call
 * did.
 */
export async function failStaleBatch(ctx: AppContext, batchId: string): Promise<boolean> {
  const now = ctx.clock.now();
  const result = await ctx.db
    .updateTable('upload_batches')
    .set((eb) => ({
      status: 'failed',
      failed_records: eb.ref('total_records'),
      error_log: INTERRUPTED_BATCH_MESSAGE,
      finished_at: now,
      dedupe_key: `failed:${batchId}`,
    }))
    .where('id', '=', batchId)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  const isFailedNow = Number(result.numUpdatedRows) > 0;
  if (isFailedNow) {
    await writeAudit(ctx.db, ctx.clock, {
      actor: 'system',
      action: 'upload.batch_interrupted',
      subject: batchId,
    });
  }
  return isFailedNow;
}

/** Housekeeping: fails every batch whose writing process has gone (at start-up, then each minute). */
export async function failStaleBatches(ctx: AppContext): Promise<void> {
  const processing = await ctx.db
    .selectFrom('upload_batches')
    .select(['id', 'status', 'created_at', 'owner', 'heartbeat_at'])
    .where('status', '=', 'processing')
    .execute();
  const now = ctx.clock.now();
  for (const batch of processing) {
    if (isStaleProcessing(batch, now)) await failStaleBatch(ctx, batch.id);
  }
}
