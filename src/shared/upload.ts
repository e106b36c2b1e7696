import { z } from 'zod';

/** Spec section 3: the columns an upload must have, in the template's order. */
export const REQUIRED_COLUMNS = [
  'Tenant Name',
  'Email Address',
  'Phone Number (for WhatsApp)',
  'Property Address',
  'Balance Due (£)',
] as const;
export type RequiredColumn = (typeof REQUIRED_COLUMNS)[number];

/**
 * Optional columns (issue 29): the agent's own ledger reference, which an upload row matches its
 * leaseholder account by before name and address.
 */
export const OPTIONAL_COLUMNS = ['Account Reference'] as const;
export type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];

/** The template's header: the required columns, then the optional ones. */
export const TEMPLATE_COLUMNS = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS] as const;

/** Rows of leaseholders one file may hold (the header not counted). */
export const UPLOAD_MAX_ROWS = 50_000;

/** Spec sections 5 and 9. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_EXTENSIONS = ['.csv', '.xlsx', '.xls'] as const;
export const INVALID_FILE_TYPE_MESSAGE = 'Invalid file type: Please upload a CSV or Excel file.';
export const FILE_TOO_LARGE_MESSAGE = 'File too large: Please upload a file smaller than 5MB.';

export const UploadResponseSchema = z.object({ batchId: z.string(), totalRows: z.number() });
export type UploadResponse = z.infer<typeof UploadResponseSchema>;

/** One problem in one cell (`field` is the column) or with the row as a whole (`field` ''). */
export const RowIssueSchema = z.object({ field: z.string(), message: z.string() });
export type RowIssue = z.infer<typeof RowIssueSchema>;

/**
 * Spec section 3 "Upload error item": `row` is the spreadsheet's own row number (the header is
 * row 1), `errors` the messages as text; `issues` says which column each is about.
 */
export const RowErrorSchema = z.object({
  row: z.number(),
  errors: z.array(z.string()),
  issues: z.array(RowIssueSchema),
});
export type RowError = z.infer<typeof RowErrorSchema>;

export const UploadErrorBodySchema = z.object({
  message: z.string(),
  errors: z.array(RowErrorSchema).optional(),
});
export type UploadErrorBody = z.infer<typeof UploadErrorBodySchema>;

export const BATCH_STATUSES = [
  'processing',
  'completed',
  'completed_with_errors',
  'failed',
] as const;
export const BatchStatusSchema = z.enum(BATCH_STATUSES);
export type BatchStatus = z.infer<typeof BatchStatusSchema>;

export function isFinalBatchStatus(status: BatchStatus | undefined): boolean {
  return status === 'completed' || status === 'completed_with_errors' || status === 'failed';
}

export const BatchSchema = z.object({
  id: z.string(),
  filename: z.string(),
  status: BatchStatusSchema,
  totalRecords: z.number(),
  successfulRecords: z.number(),
  failedRecords: z.number(),
  /** One line per rejected row, 'Row N: message; message'. */
  errorLog: z.string(),
  errors: z.array(RowErrorSchema),
  createdAt: z.string(),
  /** When Send All Notifications was first pressed; null until then. */
  notificationsSentAt: z.string().nullable(),
  /** Leaseholders notified so far. */
  totalSent: z.number(),
  /**
   * Leaseholders whose phone is a landline (kept for the record): they are reached by email
   * only, never WhatsApp or SMS. A landline without an email is a row error instead.
   */
  landlinePhones: z.number(),
});
export type Batch = z.infer<typeof BatchSchema>;

export const BatchIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const BATCH_NOT_FOUND_MESSAGE = 'Upload batch not found.';

export const SendNotificationsResultSchema = z.object({ totalSent: z.number() });
export type SendNotificationsResult = z.infer<typeof SendNotificationsResultSchema>;

/** Spec section 7: the report's X-Report-Summary header. */
export const ReportSummarySchema = z.object({
  totalTenants: z.number(),
  emailsSent: z.number(),
  whatsappSent: z.number(),
  smsSent: z.number(),
});
export type ReportSummary = z.infer<typeof ReportSummarySchema>;
