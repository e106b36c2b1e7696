import type { Selectable } from 'kysely';
import type { z } from 'zod';
import {
  type Batch,
  ColumnsReadSchema,
  ReconciliationSchema,
  type RowError,
  RowErrorSchema,
  RowWarningSchema,
} from '../../../shared/upload.js';
import type { UploadBatchesTable } from '../../db/schema.js';

/** The batch's error log as text (spec section 3 `errorLog`): one line per rejected row. */
export function toErrorLog(errors: readonly RowError[]): string {
  return errors.map((error) => `Row ${error.row}: ${error.errors.join('; ')}`).join('\n');
}

/**
 * A JSON column of the batch read with its schema; `fallback` when it is empty (batches from
 * before the column) or does not fit, so an old or damaged row still shows.
 */
function stored<T>(schema: z.ZodType<T>, text: string | null, fallback: T): T {
  if (text === null) return fallback;
  const parsed = schema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : fallback;
}

const NO_RECONCILIATION = { new: 0, changed: 0, unchanged: 0, settled: 0, notOwed: 0 };

export function toBatch(
  row: Selectable<UploadBatchesTable>,
  counts: { landlinePhones: number; unsentLinks: number },
): Batch {
  return {
    id: row.id,
    filename: row.filename,
    status: row.status,
    totalRecords: row.total_records,
    successfulRecords: row.successful_records,
    failedRecords: row.failed_records,
    errorLog: row.error_log,
    errors: stored(RowErrorSchema.array(), row.errors, []),
    warnings: stored(RowWarningSchema.array(), row.warnings, []),
    reconciliation: stored(ReconciliationSchema, row.reconciliation, NO_RECONCILIATION),
    sheet: row.sheet_name,
    columnsRead: stored(ColumnsReadSchema.nullable(), row.columns_read, null),
    createdAt: new Date(row.created_at).toISOString(),
    notificationsSentAt:
      row.notifications_sent_at === null ? null : new Date(row.notifications_sent_at).toISOString(),
    totalSent: row.total_sent,
    ...counts,
  };
}
