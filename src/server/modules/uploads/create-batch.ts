import type {
  ColumnMapping,
  ColumnsRead,
  RowError,
  RowWarning,
  UploadResponse,
} from '../../../shared/upload.js';
import type { AppContext } from '../../context.js';
import { BULK_LINK_WRITES, lockKeys } from '../../db/key-locks.js';
import { storageError, storageFaultOf } from '../../db/storage-faults.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import {
  type ReconciledSlice,
  type Reconciliation,
  reconcileRows,
} from '../accounts/reconcile-rows.js';
import { samePropertyNotes } from '../accounts/same-property.js';
import { claimBatch } from './claim-batch.js';
import { columnOptions } from './column-mappings.js';
import { readSpreadsheet, type SpreadsheetEvent, sniffSpreadsheet } from './read-spreadsheet.js';
import { toErrorLog } from './to-batch.js';
import type { ValidRow } from './validate-rows.js';

export const NO_VALID_ROWS_MESSAGE =
  'No rows could be imported. Fix the rows listed and upload the file again.';

export const NOBODY_OWES_MESSAGE =
  'Nothing to import: every row owes nothing and names no leaseholder.';

const byRow = (a: { row: number }, b: { row: number }) => a.row - b.row;

/**
 * The warnings of rows kept, in row order: a row refused needs fixing, not its notes read, and a
 * row passed over (nothing owed, no account) needs nothing.
 */
function warningsOfKept(
  warnings: RowWarning[],
  errors: readonly RowError[],
  passedOver: readonly number[],
): RowWarning[] {
  const quiet = new Set([...errors.map((error) => error.row), ...passedOver]);
  return warnings.filter((warning) => !quiet.has(warning.row)).sort(byRow);
}

/**
 * POST /api/upload/tenants: reads the file and checks every row in a worker thread, and
 * reconciles the valid ones with the leaseholder accounts (reconcile-rows.ts: new, changed,
 * unchanged, settled) in one transaction, written as the worker hands them on, so a failure
 * part-way leaves nothing (the batch is then 'failed'). Nothing is stored for a file without a
 * usable row or with a problem as a whole. The same file uploaded again the same day and read
 * the same way answers the first upload's batch (claim-batch.ts); any later re-upload finds every
 * row unchanged.
 */
export async function createBatch(
  ctx: AppContext,
  file: { filename: string; bytes: Buffer; mapping?: ColumnMapping | null },
): Promise<UploadResponse> {
  const kind = sniffSpreadsheet(file.filename, file.bytes);
  const events = readSpreadsheet(kind, file.bytes, columnOptions(ctx, file.mapping ?? null));
  try {
    const columns = await nextEvent(events);
    if (columns.kind !== 'columns') throw new Error('The spreadsheet sent rows before its columns');
    const first = await nextRowsOrEnd(events);
    if (first.kind === 'end') {
      if (first.totalRows === 0) {
        throw new AppError(
          'INVALID_REQUEST',
          'The file has no tenants: every row under the header is empty.',
        );
      }
      if (first.errors.length === 0) {
        // Every row was an empty or unsold flat: nothing to fix, and nothing to ask.
        throw new AppError('INVALID_REQUEST', NOBODY_OWES_MESSAGE);
      }
      throw new AppError('INVALID_REQUEST', NO_VALID_ROWS_MESSAGE, {
        body: { errors: first.errors },
      });
    }
    const claimed = await claimBatch(ctx, file.filename, file.bytes, columns.columnsRead);
    if (!claimed.isNew) return { batchId: claimed.batchId, totalRows: claimed.totalRows };
    const end = await writeBatch(ctx, claimed.batchId, columns.columnsRead, first.rows, events);
    return { batchId: claimed.batchId, totalRows: end.totalRows };
  } catch (error) {
    // A full disk: 507 with words for the clerk, the database's own error logged as its cause.
    throw storageError(error, 'nothing from this file was saved') ?? error;
  } finally {
    await events.return();
  }
}

const FAILED_MESSAGE = {
  full: 'The server ran out of disk space: no payment links were created. Please tell your administrator, then upload the file again.',
  failed:
    'The server could not write to its disk: no payment links were created. Please tell your administrator, then upload the file again.',
  other: 'Processing failed: no payment links were created. Please upload the file again.',
};

type SpreadsheetEvents = AsyncGenerator<SpreadsheetEvent, void, undefined>;
type RowsOrEnd = Extract<SpreadsheetEvent, { kind: 'rows' | 'end' }>;
type EndEvent = Extract<SpreadsheetEvent, { kind: 'end' }>;

async function nextEvent(events: SpreadsheetEvents): Promise<SpreadsheetEvent> {
  const next = await events.next();
  if (next.done) throw new Error('The spreadsheet ended without its last message');
  return next.value;
}

async function nextRowsOrEnd(events: SpreadsheetEvents): Promise<RowsOrEnd> {
  const event = await nextEvent(events);
  if (event.kind === 'columns') throw new Error('The spreadsheet sent its columns twice');
  return event;
}

async function writeBatch(
  ctx: AppContext,
  batchId: string,
  columnsRead: ColumnsRead,
  firstRows: ValidRow[],
  events: SpreadsheetEvents,
): Promise<EndEvent> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      // One upload (or expiry sweep) writes at a time, as SQLite's one writer already ensures.
      await lockKeys(trx, ctx.engine, [BULK_LINK_WRITES]);
      const writer = { ...ctx, db: trx };
      const done: ReconciledSlice = {
        counts: { new: 0, changed: 0, unchanged: 0, settled: 0, notOwed: 0 },
        errors: [],
        notes: [],
        passedOver: [],
        sameProperty: [],
      };
      const taken = new Map<string, number>();
      let event: RowsOrEnd = { kind: 'rows', rows: firstRows };
      while (event.kind === 'rows') {
        const slice = await reconcileRows(writer, batchId, event.rows, taken);
        for (const key of Object.keys(done.counts) as (keyof Reconciliation)[]) {
          done.counts[key] += slice.counts[key];
        }
        done.errors.push(...slice.errors);
        done.notes.push(...slice.notes);
        done.passedOver.push(...slice.passedOver);
        done.sameProperty.push(...slice.sameProperty);
        event = await nextRowsOrEnd(events);
      }
      done.notes.push(...samePropertyNotes(done.sameProperty, taken));
      done.passedOver.push(...event.passedOver);
      done.counts.notOwed += event.passedOver.length;
      const kept = Object.values(done.counts).reduce((sum, count) => sum + count, 0);
      const errors = [...event.errors, ...done.errors].sort(byRow);
      if (kept === 0) {
        throw new AppError('INVALID_REQUEST', NO_VALID_ROWS_MESSAGE, { body: { errors } });
      }
      const finished = await trx
        .updateTable('upload_batches')
        .set({
          status: errors.length > 0 ? 'completed_with_errors' : 'completed',
          total_records: event.totalRows,
          successful_records: kept,
          failed_records: errors.length,
          error_log: toErrorLog(errors),
          errors: JSON.stringify(errors),
          warnings: JSON.stringify(
            warningsOfKept([...event.warnings, ...done.notes], errors, done.passedOver),
          ),
          reconciliation: JSON.stringify(done.counts),
          sheet_name: event.sheet,
          columns_read: JSON.stringify(columnsRead),
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
        details: { rows: event.totalRows, ...done.counts, rejected: errors.length },
      });
      return event;
    });
  } catch (error) {
    if (error instanceof AppError) {
      // Nothing in the file could be used after all (credits for unknown leaseholders): as for a
      // file with no valid row, nothing is kept.
      await ctx.db.deleteFrom('upload_batches').where('id', '=', batchId).execute();
      throw error;
    }
    await ctx.db
      .updateTable('upload_batches')
      .set({
        status: 'failed',
        error_log: FAILED_MESSAGE[storageFaultOf(error) ?? 'other'],
        finished_at: ctx.clock.now(),
        // Free the file for another try.
        dedupe_key: `failed:${batchId}`,
      })
      .where('id', '=', batchId)
      .where('status', '=', 'processing')
      .execute()
      // The disk may be full still: the error to report is the one that stopped the upload.
      .catch(() => undefined);
    throw error;
  }
}
