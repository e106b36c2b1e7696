import { createHash } from 'node:crypto';
import type { ColumnsRead } from '../../../shared/upload.js';
import type { AppContext } from '../../context.js';
import { newId } from '../../lib/ids.js';
import { keepBatchAlive, THIS_PROCESS } from './batch-owner.js';
import { failStaleBatch, isStaleProcessing } from './fail-stale-batch.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/**
 * The file's dedupe key: its SHA-256 and the UTC day (decision 0004), and, when columns were read
 * as the clerk chose, which headings those were: the same file read with other choices (a wrong
 * one forgotten) is another reading, not the first batch again.
 */
export function dedupeKeyOf(bytes: Buffer, now: number, columnsRead?: ColumnsRead): string {
  const key = `${sha256(bytes)}:${Math.floor(now / DAY_MS)}`;
  const chosen: readonly string[] = columnsRead?.chosen ?? [];
  if (chosen.length === 0) return key;
  const read = columnsRead!.read.filter((each) => chosen.includes(each.column));
  return `${key}:${sha256(JSON.stringify(read)).slice(0, 16)}`;
}

export type ClaimedBatch =
  | { isNew: true; batchId: string }
  | { isNew: false; batchId: string; totalRows: number };

/**
 * A new 'processing' batch for the file, or the batch the same file read the same way already
 * made today, even at the same moment (`dedupe_key` is unique). A batch stuck 'processing' by a
 * process that has died is failed first (freeing the key) and a new one is made; after the first
 * round an existing batch is always answered, so this ends.
 */
export async function claimBatch(
  ctx: AppContext,
  filename: string,
  bytes: Buffer,
  columnsRead?: ColumnsRead,
): Promise<ClaimedBatch> {
  const now = ctx.clock.now();
  const dedupeKey = dedupeKeyOf(bytes, now, columnsRead);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const batchId = newId();
    const inserted = await ctx.db
      .insertInto('upload_batches')
      .values({
        id: batchId,
        filename: filename.slice(0, 255),
        status: 'processing',
        // Set with the final status (create-batch.ts).
        total_records: 0,
        successful_records: 0,
        failed_records: 0,
        error_log: '',
        errors: '[]',
        dedupe_key: dedupeKey,
        owner: THIS_PROCESS,
        heartbeat_at: now,
        created_at: now,
        finished_at: null,
        notifications_sent_at: null,
      })
      .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      keepBatchAlive(ctx, batchId);
      return { isNew: true, batchId };
    }
    const existing = await ctx.db
      .selectFrom('upload_batches')
      .select(['id', 'total_records', 'status', 'created_at', 'owner', 'heartbeat_at'])
      .where('dedupe_key', '=', dedupeKey)
      .executeTakeFirst();
    // Gone between the insert and the select: another request failed it as stale. Try again.
    if (!existing) continue;
    if (attempt > 0 || !isStaleProcessing(existing, now)) {
      return { isNew: false, batchId: existing.id, totalRows: existing.total_records };
    }
    await failStaleBatch(ctx, existing.id);
  }
  throw new Error('Could not claim an upload batch for the file');
}
