import { createHash } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import type { Insertable } from 'kysely';
import type { UploadResponse } from '../../../shared/upload.js';
import { UPLOAD_MAX_ROWS } from '../../../shared/upload.js';
import type { AppContext } from '../../context.js';
import { bulkInsert } from '../../db/bulk-insert.js';
import type { PaymentLinksTable, TenantsTable } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { newLinkId, newPaymentLinkRow } from '../payment-links/new-payment-link-row.js';
import { tenantSearchText } from '../payment-links/tenant-search-text.js';
import { failStaleBatch, isStaleProcessing } from './fail-stale-batch.js';
import { readSpreadsheet, sniffSpreadsheet } from './read-spreadsheet.js';
import { toErrorLog } from './to-batch.js';
import type { ValidRow } from './validate-rows.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export const NO_VALID_ROWS_MESSAGE =
  'No rows could be imported. Fix the rows listed and upload the file again.';

/**
 * POST /api/upload/tenants: reads the file, checks every row, and turns the valid ones into
 * leaseholders and payment links in one transaction, so a failure part-way leaves no links
 * (the batch is then 'failed'). The same file uploaded again the same day, even at the same
 * moment, answers the first upload's batch instead of making a second set of links, unless that
 * batch is stuck 'processing' from a crash (then it is failed and a new batch is made).
 */
export async function createBatch(
  ctx: AppContext,
  file: { filename: string; bytes: Buffer },
): Promise<UploadResponse> {
  const kind = sniffSpreadsheet(file.filename, file.bytes);
  const checked = await readSpreadsheet(kind, file.bytes);
  if (checked.kind === 'file-error') throw new AppError(400, checked.message);
  if (checked.totalRows === 0) {
    throw new AppError(400, 'The file has no tenants: every row under the header is empty.');
  }
  if (checked.totalRows > UPLOAD_MAX_ROWS) {
    throw new AppError(
      400,
      `The file has more than ${UPLOAD_MAX_ROWS.toLocaleString('en-GB')} tenants. Split it into smaller files.`,
    );
  }
  if (checked.valid.length === 0) {
    throw new AppError(400, NO_VALID_ROWS_MESSAGE, {}, { errors: checked.errors });
  }

  const claimed = await claimBatch(ctx, file.filename, file.bytes, checked.totalRows);
  if (!claimed.isNew) return { batchId: claimed.batchId, totalRows: claimed.totalRows };
  const { batchId } = claimed;

  try {
    await ctx.db.transaction().execute(async (trx) => {
      await insertLinks({ ...ctx, db: trx }, batchId, checked.valid);
      const finished = await trx
        .updateTable('upload_batches')
        .set({
          status: checked.errors.length > 0 ? 'completed_with_errors' : 'completed',
          successful_records: checked.valid.length,
          failed_records: checked.errors.length,
          error_log: toErrorLog(checked.errors),
          errors: JSON.stringify(checked.errors),
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
        details: {
          rows: checked.totalRows,
          links: checked.valid.length,
          rejected: checked.errors.length,
        },
      });
    });
  } catch (error) {
    await ctx.db
      .updateTable('upload_batches')
      .set({
        status: 'failed',
        failed_records: checked.totalRows,
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
  return { batchId, totalRows: checked.totalRows };
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
  totalRows: number,
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
        total_records: totalRows,
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

/** Rows per round of writing: a statement per table, then a yield (bulkInsert). */
const WRITE_ROUND_ROWS = 2_000;

/**
 * Writes the batch in the order of its links' random ids, each row with a newer (time-ordered)
 * leaseholder id than the last: every index of the two tables then takes the batch as appends
 * rather than at random pages (50,000 rows wrote in about half the time). The spreadsheet's
 * order is kept in batch_row, which is what the batch's pages and report sort by.
 *
 * Only the ids are made up front; the rows are made a round at a time, just before they are
 * written (a round's leaseholders, then their links), so the web server's thread is never held
 * for long: making all 50,000 rows first held it for a third of a second.
 */
async function insertLinks(ctx: AppContext, batchId: string, rows: ValidRow[]): Promise<void> {
  const now = ctx.clock.now();
  const linkIds = rows.map(() => newLinkId());
  await setImmediate();
  const order = rows.map((_, index) => index);
  order.sort((a, b) => (linkIds[a]! < linkIds[b]! ? -1 : 1));
  await setImmediate();
  for (let start = 0; start < order.length; start += WRITE_ROUND_ROWS) {
    const tenants: Insertable<TenantsTable>[] = [];
    const links: Insertable<PaymentLinksTable>[] = [];
    for (const index of order.slice(start, start + WRITE_ROUND_ROWS)) {
      const row = rows[index]!;
      const tenant = {
        id: newId(),
        name: row.name,
        email: row.email,
        phone: row.phone,
        phone_kind: row.phoneKind,
        address: row.address,
        search_text: tenantSearchText(row),
        created_at: now,
      };
      tenants.push(tenant);
      const link = newPaymentLinkRow(ctx, {
        id: linkIds[index]!,
        tenantId: tenant.id,
        amountPence: row.amountPence,
        batchId,
        batchRow: row.row,
      });
      // The link carries its leaseholder's search text (Payment Status searches links alone).
      link.search_text = tenant.search_text;
      links.push(link);
    }
    await bulkInsert(ctx, 'tenants', TENANT_COLUMNS, tenants);
    await bulkInsert(ctx, 'payment_links', LINK_COLUMNS, links);
  }
}
