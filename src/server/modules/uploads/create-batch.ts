import { createHash } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { UploadResponse } from '../../../shared/upload.js';
import type { AppContext } from '../../context.js';
import { bulkInsertValues } from '../../db/bulk-insert.js';
import type { PaymentLinksTable, TenantsTable } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { newLinkId, newPaymentLinkRow } from '../payment-links/new-payment-link-row.js';
import { tenantSearchText } from '../payment-links/tenant-search-text.js';
import { failStaleBatch, isStaleProcessing } from './fail-stale-batch.js';
import { readSpreadsheet, type SpreadsheetEvent, sniffSpreadsheet } from './read-spreadsheet.js';
import { toErrorLog } from './to-batch.js';
import type { ValidRow } from './validate-rows.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export const NO_VALID_ROWS_MESSAGE =
  'No rows could be imported. Fix the rows listed and upload the file again.';

/**
 * POST /api/upload/tenants: reads the file and checks every row in a worker, and turns the valid
 * ones into leaseholders and payment links in one transaction, so a failure part-way leaves no
 * links (the batch is then 'failed'). The writing starts with the first valid rows while the
 * worker reads on (decision 0009). Nothing is written for a file without a valid row, and a file
 * found unusable part-way (too many rows, broken, too slow to read) is answered as if it had made
 * no batch: its links are rolled back and its batch removed. The same file uploaded again the
 * same day, even at the same moment, answers the first upload's batch instead of making a second
 * set of links, unless that batch is stuck 'processing' from a crash (then it is failed and a
 * new batch is made).
 */
export async function createBatch(
  ctx: AppContext,
  file: { filename: string; bytes: Buffer },
): Promise<UploadResponse> {
  const kind = sniffSpreadsheet(file.filename, file.bytes);
  const events = readSpreadsheet(kind, file.bytes);
  try {
    const first = await nextEvent(events);
    if (first.kind === 'end') {
      if (first.totalRows === 0) {
        throw new AppError(400, 'The file has no tenants: every row under the header is empty.');
      }
      throw new AppError(400, NO_VALID_ROWS_MESSAGE, {}, { errors: first.errors });
    }
    const claimed = await claimBatch(ctx, file.filename, file.bytes);
    if (!claimed.isNew) return { batchId: claimed.batchId, totalRows: claimed.totalRows };
    const end = await writeBatch(ctx, claimed.batchId, first.rows, events);
    return { batchId: claimed.batchId, totalRows: end.totalRows };
  } finally {
    await events.return();
  }
}

type SpreadsheetEvents = AsyncGenerator<SpreadsheetEvent, void, undefined>;

async function nextEvent(events: SpreadsheetEvents): Promise<SpreadsheetEvent> {
  const next = await events.next();
  if (next.done) throw new Error('The spreadsheet ended without its last message');
  return next.value;
}

/** Writes the rows as they come, then makes the batch final; on failure, see createBatch. */
async function writeBatch(
  ctx: AppContext,
  batchId: string,
  firstRows: ValidRow[],
  events: SpreadsheetEvents,
): Promise<Extract<SpreadsheetEvent, { kind: 'end' }>> {
  let isFileProblem = false;
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const writer = new BatchLinkWriter({ ...ctx, db: trx }, batchId);
      let event: SpreadsheetEvent = { kind: 'rows', rows: firstRows };
      while (event.kind === 'rows') {
        await writer.write(event.rows);
        event = await nextEvent(events).catch((error: unknown) => {
          isFileProblem = error instanceof AppError;
          throw error;
        });
      }
      const finished = await trx
        .updateTable('upload_batches')
        .set({
          status: event.errors.length > 0 ? 'completed_with_errors' : 'completed',
          total_records: event.totalRows,
          successful_records: writer.written,
          failed_records: event.errors.length,
          error_log: toErrorLog(event.errors),
          errors: JSON.stringify(event.errors),
          finished_at: ctx.clock.now(),
        })
        .where('id', '=', batchId)
        // Failed meanwhile as stale (fail-stale-batch.ts): its key is free, so committing these
        // links could duplicate a newer batch of the same file. Roll back instead.
        .where('status', '=', 'processing')
        .executeTakeFirst();
      if (Number(finished.numUpdatedRows) === 0) {
        throw new Error(`Upload batch ${batchId} was failed as stale before it committed`);
      }
      await writeAudit(trx, ctx.clock, {
        actor: 'admin',
        action: 'upload.batch_created',
        subject: batchId,
        details: { rows: event.totalRows, links: writer.written, rejected: event.errors.length },
      });
      return event;
    });
  } catch (error) {
    if (isFileProblem) {
      await ctx.db
        .deleteFrom('upload_batches')
        .where('id', '=', batchId)
        .where('status', '=', 'processing')
        .execute();
    } else {
      await ctx.db
        .updateTable('upload_batches')
        .set({
          status: 'failed',
          error_log:
            'Processing failed: no payment links were created. Please upload the file again.',
          finished_at: ctx.clock.now(),
          // Free the file for another try.
          dedupe_key: `failed:${batchId}`,
        })
        .where('id', '=', batchId)
        .where('status', '=', 'processing')
        .execute();
    }
    throw error;
  }
}

/** The file's dedupe key: its SHA-256 and the UTC day (decision 0004). */
export function dedupeKeyOf(bytes: Buffer, now: number): string {
  return `${createHash('sha256').update(bytes).digest('hex')}:${Math.floor(now / DAY_MS)}`;
}

/**
 * A new 'processing' batch for the file, or the batch the same file already made today. A batch
 * stuck 'processing' after a crash is failed first (freeing the key) and a new one is made; after
 * the first round an existing batch is always answered, so this ends.
 */
async function claimBatch(
  ctx: AppContext,
  filename: string,
  bytes: Buffer,
): Promise<
  { isNew: true; batchId: string } | { isNew: false; batchId: string; totalRows: number }
> {
  const now = ctx.clock.now();
  const dedupeKey = dedupeKeyOf(bytes, now);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const batchId = newId();
    const inserted = await ctx.db
      .insertInto('upload_batches')
      .values({
        id: batchId,
        filename: filename.slice(0, 255),
        status: 'processing',
        // Known once the whole file is read (writeBatch).
        total_records: 0,
        successful_records: 0,
        failed_records: 0,
        error_log: '',
        errors: '[]',
        dedupe_key: dedupeKey,
        created_at: now,
        finished_at: null,
        notifications_sent_at: null,
      })
      .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { isNew: true, batchId };
    const existing = await ctx.db
      .selectFrom('upload_batches')
      .select(['id', 'total_records', 'status', 'created_at'])
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

const TENANT_COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'phone_kind',
  'address',
  'search_text',
  'created_at',
] as const satisfies readonly (keyof TenantsTable)[];

const LINK_COLUMNS = [
  'id',
  'tenant_id',
  'batch_id',
  'batch_row',
  'amount_pence',
  'status',
  'expires_at',
  'created_at',
  'paid_at',
  'replaced_by',
  'opened_at',
  'processing_since',
  'failure_reason',
  'search_text',
] as const satisfies readonly (keyof PaymentLinksTable)[];

/**
 * Rows per round of writing: a statement per table, then a yield (bulkInsert). With 2,000 a page
 * asked for during a 50,000-row upload waited 15–21 ms at the median, with 1,000 10–13 ms, and
 * the upload took no longer.
 */
const WRITE_ROUND_ROWS = 1_000;

/** Link ids made and sorted at once, first; each block after is twice the one before. */
const FIRST_LINK_ID_BLOCK = 2_000;

/**
 * Writes a batch's rows as they arrive. Each leaseholder gets a newer (time-ordered) id than the
 * last, and the links' random ids are handed out in sorted order: made a block at a time (2,000,
 * then twice as many each time) and sorted, so every index of the two tables takes the batch as
 * a few ordered runs rather than at random pages (50,000 rows wrote in about two thirds of the
 * time). The spreadsheet's order is kept in batch_row, which the batch's pages and report sort
 * by. Sorting a block of random ids leaves each one as unguessable as before: the gap between
 * neighbours is still about 2^112 wide.
 */
class BatchLinkWriter {
  written = 0;
  private readonly now: number;
  /** What every link of the batch has in common, made as renewal makes a link. */
  private readonly link: Insertable<PaymentLinksTable>;
  private ids: string[] = [];
  private nextBlock = FIRST_LINK_ID_BLOCK;

  constructor(
    private readonly ctx: AppContext,
    batchId: string,
  ) {
    this.link = newPaymentLinkRow(ctx, { tenantId: '', amountPence: 0, batchId });
    this.now = this.link.created_at;
  }

  async write(rows: readonly ValidRow[]): Promise<void> {
    for (let start = 0; start < rows.length; start += WRITE_ROUND_ROWS) {
      const round = rows.slice(start, start + WRITE_ROUND_ROWS);
      const tenants: unknown[] = [];
      const links: unknown[] = [];
      for (const row of round) {
        const tenantId = newId();
        // The link carries its leaseholder's search text (Payment Status searches links alone).
        const searchText = tenantSearchText(row);
        // In TENANT_COLUMNS order.
        tenants.push(
          tenantId,
          row.name,
          row.email,
          row.phone,
          row.phoneKind,
          row.address,
          searchText,
          this.now,
        );
        for (const column of LINK_COLUMNS) {
          if (column === 'id') links.push(this.nextLinkId());
          else if (column === 'tenant_id') links.push(tenantId);
          else if (column === 'batch_row') links.push(row.row);
          else if (column === 'amount_pence') links.push(row.amountPence);
          else if (column === 'search_text') links.push(searchText);
          else links.push(this.link[column] ?? null);
        }
      }
      await bulkInsertValues(this.ctx, 'tenants', TENANT_COLUMNS, tenants);
      await bulkInsertValues(this.ctx, 'payment_links', LINK_COLUMNS, links);
      this.written += round.length;
    }
  }

  private nextLinkId(): string {
    if (this.ids.length === 0) {
      // Sorted high to low, so the lowest comes off the end.
      this.ids = Array.from({ length: this.nextBlock }, newLinkId).sort().reverse();
      this.nextBlock *= 2;
    }
    return this.ids.pop()!;
  }
}
