import type { Selectable } from 'kysely';
import {
  type Batch,
  type ColumnsRead,
  ColumnsReadSchema,
  type Reconciliation,
  ReconciliationSchema,
  type RowError,
  RowErrorSchema,
  type RowWarning,
  RowWarningSchema,
} from '../../../shared/upload.js';
import type { UploadBatchesTable } from '../../db/schema.js';

/** The batch's error log as text (spec section 3 `errorLog`): one line per rejected row. */
export function toErrorLog(errors: readonly RowError[]): string {
  return errors.map((error) => `Row ${error.row}: ${error.errors.join('; ')}`).join('\n');
}

/** The rows kept with a warning, stored as JSON with the batch's final status. */
function warningsOf(text: string | null): RowWarning[] {
  if (text === null) return [];
  const parsed = RowWarningSchema.array().safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : [];
}

const NO_RECONCILIATION = { new: 0, changed: 0, unchanged: 0, settled: 0, notOwed: 0 };

function reconciliationOf(text: string | null): Reconciliation {
  if (text === null) return NO_RECONCILIATION;
  const parsed = ReconciliationSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : NO_RECONCILIATION;
}

function columnsReadOf(text: string | null): ColumnsRead | null {
  if (text === null) return null;
  const parsed = ColumnsReadSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
}

export function toBatch(
  row: Selectable<UploadBatchesTable>,
  counts: { landlinePhones: number; unsentLinks: number },
): Batch {
  const parsed = RowErrorSchema.array().safeParse(JSON.parse(row.errors));
  return {
    id: row.id,
    filename: row.filename,
    status: row.status,
    totalRecords: row.total_records,
    successfulRecords: row.successful_records,
    failedRecords: row.failed_records,
    errorLog: row.error_log,
    errors: parsed.success ? parsed.data : [],
    warnings: warningsOf(row.warnings),
    reconciliation: reconciliationOf(row.reconciliation),
    sheet: row.sheet_name,
    columnsRead: columnsReadOf(row.columns_read),
    createdAt: new Date(row.created_at).toISOString(),
    notificationsSentAt:
      row.notifications_sent_at === null ? null : new Date(row.notifications_sent_at).toISOString(),
    totalSent: row.total_sent,
    ...counts,
  };
}
