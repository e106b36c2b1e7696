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

/**
 * Read when a sheet has one, never asked for nor in the template: joint leaseholders' emails
 * kept in a column of their own ('Email 2', 'Lessee 2 Email'), copied on every email.
 */
const EXTRA_COLUMNS = ['Other Email Addresses'] as const;
export const READ_COLUMNS = [...TEMPLATE_COLUMNS, ...EXTRA_COLUMNS] as const;
export type UploadColumn = RequiredColumn | OptionalColumn | (typeof EXTRA_COLUMNS)[number];

/**
 * Which of the file's headings holds a column, chosen by the clerk when a required column
 * could not be found by name (the `mapping` form field of POST /api/upload/tenants, as JSON).
 * Values are headings exactly as the file has them.
 */
export const ColumnMappingSchema = z
  .partialRecord(z.enum(TEMPLATE_COLUMNS), z.string().min(1).max(500))
  .refine((mapping) => new Set(Object.values(mapping)).size === Object.values(mapping).length, {
    message: 'Each heading can be chosen for one column only.',
  });
export type ColumnMapping = z.infer<typeof ColumnMappingSchema>;

/** Rows of leaseholders one file may hold (the header not counted). */
export const UPLOAD_MAX_ROWS = 50_000;

/**
 * How far down a file its header row is looked for: exports and hand-made sheets often start
 * with a title, the agent's name or a date above the column headings.
 */
export const HEADER_SEARCH_ROWS = 10;

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
 * Spec section 3 "Upload error item": `row` is the spreadsheet's own row number (its first row
 * is 1), `errors` the messages as text; `issues` says which column each is about.
 */
export const RowErrorSchema = z.object({
  row: z.number(),
  errors: z.array(z.string()),
  issues: z.array(RowIssueSchema),
});
export type RowError = z.infer<typeof RowErrorSchema>;

/**
 * A row kept with something for the clerk to check, e.g. a phone that is not a mobile when the
 * email is good: it is sent by the channel that works; or a row passed over as no leaseholder's
 * (a totals row). Shown as 'Row N: message'.
 */
export const RowWarningSchema = z.object({
  row: z.number(),
  field: z.string(),
  message: z.string(),
});
export type RowWarning = z.infer<typeof RowWarningSchema>;

export const UploadErrorBodySchema = z.object({
  message: z.string(),
  errors: z.array(RowErrorSchema).optional(),
  /** With a missing required column: the file's headings, to map the columns from. */
  headings: z.array(z.string()).optional(),
  missingColumns: z.array(z.enum(REQUIRED_COLUMNS)).optional(),
  /** Headings that could each be the balance: Balance Due (£) is then among the missing. */
  balanceChoices: z.array(z.string()).optional(),
  /** The heading read as the name that holds codes ('T0123'): Tenant Name is then missing. */
  codesNotNames: z.string().optional(),
  /** The first row's cell under each heading, to recognise a column by what it holds. */
  examples: z.array(z.string()).optional(),
  /** The workbook sheet the headings are from, when it has several. */
  sheet: z.string().optional(),
});
export type UploadErrorBody = z.infer<typeof UploadErrorBodySchema>;

/** A layout's key: the SHA-256 of its header row's headings, in hex. */
export const LayoutKeySchema = z.string().regex(/^[0-9a-f]{64}$/, 'Not a column layout.');

/**
 * How the sheet was read, for the clerk to check: each column's heading (two or more for a name
 * or an address kept in parts, joined in this order), and the headings nothing was read from.
 */
export const ColumnsReadSchema = z.object({
  read: z.array(z.object({ column: z.enum(READ_COLUMNS), headings: z.array(z.string()) })),
  unread: z.array(z.string()),
  /** Columns read as the clerk chose for this layout, and the layout's key to forget them by. */
  chosen: z.array(z.enum(TEMPLATE_COLUMNS)).optional(),
  layout: LayoutKeySchema.optional(),
});
export type ColumnsRead = z.infer<typeof ColumnsReadSchema>;

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

export const ReconciliationSchema = z.object({
  new: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  settled: z.number(),
  /** Rows owing nothing (or in credit) for no account on file: nothing to ask, nothing made. */
  notOwed: z.number().default(0),
});
export type Reconciliation = z.infer<typeof ReconciliationSchema>;

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
  /** Rows kept with a note (issue 31): a channel that does not work, so the other is used. */
  warnings: z.array(RowWarningSchema),
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
  /**
   * Links of the batch still to be sent (pending, unexpired, no payment-link message yet): what
   * Send would send now. A batch sent before offers only these (issue 31).
   */
  unsentLinks: z.number(),
  /**
   * What the upload did to the leaseholder accounts (issue 29): new accounts, changed balances
   * (a new link replaces the open one), unchanged (nothing made or sent), settled (link closed),
   * not owed (nothing owed by someone not on file: passed over, no account made).
   */
  reconciliation: ReconciliationSchema,
  /**
   * The sheet of a workbook with several that the rows were read from: the first on which every
   * column was found. Row numbers are that sheet's.
   */
  sheet: z.string().nullable(),
  /** Null for a batch uploaded before this was kept. */
  columnsRead: ColumnsReadSchema.nullable(),
});
export type Batch = z.infer<typeof BatchSchema>;

export const BatchIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const BATCH_NOT_FOUND_MESSAGE = 'Upload batch not found.';

export const SendNotificationsResultSchema = z.object({ totalSent: z.number() });
export type SendNotificationsResult = z.infer<typeof SendNotificationsResultSchema>;

/**
 * Spec section 7: the report's X-Report-Summary header. The counts agree with the CSV's rows
 * (issue 31): messages captured in demo mode count as sent and are also counted in `captured`;
 * `queued` are waiting to go.
 */
export const ReportSummarySchema = z.object({
  totalTenants: z.number(),
  emailsSent: z.number(),
  whatsappSent: z.number(),
  smsSent: z.number(),
  captured: z
    .object({ email: z.number(), whatsapp: z.number(), sms: z.number() })
    .default({ email: 0, whatsapp: 0, sms: 0 }),
  queued: z.number().default(0),
});
export type ReportSummary = z.infer<typeof ReportSummarySchema>;
