import { setImmediate } from 'node:timers/promises';
import type { ColumnMapping, UploadResponse } from '../../../shared/upload.js';
import type { AppContext } from '../../context.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { matchKeyOf } from '../accounts/account-keys.js';
import { newLinkId, newPaymentLinkRow } from '../payment-links/new-payment-link-row.js';
import { tenantSearchText } from '../payment-links/tenant-search-text.js';
import { claimBatch } from './claim-batch.js';
import { columnOptions } from './column-mappings.js';
import { readSpreadsheet, type SpreadsheetEvent, sniffSpreadsheet } from './read-spreadsheet.js';
import { toErrorLog } from './to-batch.js';
import type { ValidRow } from './validate-rows.js';

export const NO_VALID_ROWS_MESSAGE =
  'No rows could be imported. Fix the rows listed and upload the file again.';

/** Rows per INSERT: small enough that other requests are served between statements. */
const ROWS_PER_STATEMENT = 500;

/**
 * POST /api/upload/tenants: reads the file and checks every row in a worker thread, and turns
 * the valid ones into leaseholders and payment links in one transaction, written as the worker
 * hands them on, so a failure part-way leaves no links (the batch is then 'failed'). Nothing is
 * stored for a file without a valid row or with a problem as a whole. The same file uploaded
 * again the same day answers the first upload's batch instead of making a second set of links
 * (claim-batch.ts).
 */
export async function createBatch(
  ctx: AppContext,
  file: { filename: string; bytes: Buffer; mapping?: ColumnMapping | null },
): Promise<UploadResponse> {
  const kind = sniffSpreadsheet(file.filename, file.bytes);
  const events = readSpreadsheet(kind, file.bytes, columnOptions(ctx, file.mapping ?? null));
  try {
    const first = await nextEvent(events);
    if (first.kind === 'end') {
      if (first.totalRows === 0) {
        throw new AppError(
          'INVALID_REQUEST',
          'The file has no tenants: every row under the header is empty.',
        );
      }
      throw new AppError('INVALID_REQUEST', NO_VALID_ROWS_MESSAGE, {
        body: { errors: first.errors },
      });
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
type EndEvent = Extract<SpreadsheetEvent, { kind: 'end' }>;

async function nextEvent(events: SpreadsheetEvents): Promise<SpreadsheetEvent> {
  const next = await events.next();
  if (next.done) throw new Error('The spreadsheet ended without its last message');
  return next.value;
}

async function writeBatch(
  ctx: AppContext,
  batchId: string,
  firstRows: ValidRow[],
  events: SpreadsheetEvents,
): Promise<EndEvent> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const writer = { ...ctx, db: trx };
      let written = 0;
      let event: SpreadsheetEvent = { kind: 'rows', rows: firstRows };
      while (event.kind === 'rows') {
        await insertLinks(writer, batchId, event.rows);
        written += event.rows.length;
        event = await nextEvent(events);
      }
      const finished = await trx
        .updateTable('upload_batches')
        .set({
          status: event.errors.length > 0 ? 'completed_with_errors' : 'completed',
          total_records: event.totalRows,
          successful_records: written,
          failed_records: event.errors.length,
          error_log: toErrorLog(event.errors),
          errors: JSON.stringify(event.errors),
          warnings: JSON.stringify(event.warnings),
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
        details: { rows: event.totalRows, links: written, rejected: event.errors.length },
      });
      return event;
    });
  } catch (error) {
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
    throw error;
  }
}

/**
 * A leaseholder and a pending link for each row, a slice of rows per statement. The event loop
 * is given back after each statement: SQLite answers synchronously, so without it the whole
 * write would be one turn and nothing else would be served meanwhile. The spreadsheet's order is
 * kept in batch_row, which the batch's pages and report sort by.
 */
async function insertLinks(ctx: AppContext, batchId: string, rows: readonly ValidRow[]) {
  const now = ctx.clock.now();
  // Handed out in sorted order, so the links' indexes on the id take the batch as appends rather
  // than at random pages; sorting leaves each id as unguessable as before.
  const linkIds = rows.map(newLinkId).sort();
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const slice = rows.slice(start, start + ROWS_PER_STATEMENT);
    const tenants = slice.map((row) => ({
      id: newId(),
      name: row.name,
      email: row.email,
      phone: row.phone,
      phone_kind: row.phoneKind,
      address: row.address,
      search_text: tenantSearchText(row),
      match_key: matchKeyOf(row.name, row.address),
      balance_pence: row.amountPence,
      owing_since: now,
      created_at: now,
    }));
    await ctx.db.insertInto('tenants').values(tenants).execute();
    await setImmediate();
    const links = slice.map((row, index) => ({
      ...newPaymentLinkRow(ctx, {
        id: linkIds[start + index],
        tenantId: tenants[index]!.id,
        amountPence: row.amountPence,
        batchId,
        batchRow: row.row,
      }),
      // Given here, so the database's fill-in trigger (migration 0009) need not update the link.
      search_text: tenants[index]!.search_text,
    }));
    await ctx.db.insertInto('payment_links').values(links).execute();
    await setImmediate();
  }
}
