import { ApiError } from '@/lib/api-client';
import { CSV_BOM, toCsvLine } from '../../../shared/csv';
import {
  type BatchStatus,
  FILE_TOO_LARGE_MESSAGE,
  INVALID_FILE_TYPE_MESSAGE,
  REQUIRED_COLUMNS,
  type RequiredColumn,
  type RowError,
  type RowWarning,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
} from '../../../shared/upload';

/** Spec section 4: no data or any other status → 1; processing → 2; a final status → 3. */
export function stepOf(status: BatchStatus | undefined): 1 | 2 | 3 {
  if (status === 'processing') return 2;
  if (status === 'completed' || status === 'completed_with_errors' || status === 'failed') return 3;
  return 1;
}

/** Spec section 4: processing 60, a final status 100, otherwise 0. */
export function progressOf(status: BatchStatus | undefined): number {
  if (status === 'processing') return 60;
  return stepOf(status) === 3 ? 100 : 0;
}

/** Spec section 5: the browser's own check before anything is sent. */
export function checkFile(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!UPLOAD_EXTENSIONS.some((extension) => name.endsWith(extension))) {
    return INVALID_FILE_TYPE_MESSAGE;
  }
  if (file.size > UPLOAD_MAX_BYTES) return FILE_TOO_LARGE_MESSAGE;
  return null;
}

/**
 * Spec section 8 'Upload failed': the first row error as 'Row N: messages', else the server's
 * message, else the status text, else 'Failed to upload file'.
 */
export function uploadErrorDescription(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body;
    const errors = Array.isArray(body?.errors) ? (body.errors as RowError[]) : [];
    const first = errors[0];
    if (first && Array.isArray(first.errors)) return `Row ${first.row}: ${first.errors.join(', ')}`;
    if (error.serverMessage) return error.serverMessage;
    if (error.text && !error.text.trim().startsWith('{')) return error.text;
  }
  return 'Failed to upload file';
}

/** Row errors from a refused upload (400 with `errors`), for the table under the drop zone. */
export function rowErrorsOf(error: unknown): RowError[] {
  if (!(error instanceof ApiError)) return [];
  const errors = error.body?.errors;
  return Array.isArray(errors) ? (errors as RowError[]) : [];
}

/** A refusal for missing columns (400 with `headings`), so the clerk can map them instead. */
export function missingColumnsOf(error: unknown): {
  headings: string[];
  missing: RequiredColumn[];
  balanceChoices: string[] | null;
  /** The heading read as the name that holds codes, when that is why the name is asked. */
  codesNotNames: string | null;
  /** The first row's cell under each heading, in the same order; empty when not sent. */
  examples: string[];
  sheet: string | null;
  message: string;
} | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const { headings, missingColumns, balanceChoices, codesNotNames, examples, sheet } =
    error.body ?? {};
  const texts = (list: unknown) =>
    Array.isArray(list) ? list.filter((text): text is string => typeof text === 'string') : null;
  const headingList = texts(headings);
  if (!headingList || !Array.isArray(missingColumns)) return null;
  return {
    headings: headingList,
    missing: missingColumns.filter((column): column is RequiredColumn =>
      (REQUIRED_COLUMNS as readonly string[]).includes(column),
    ),
    balanceChoices: texts(balanceChoices),
    codesNotNames: typeof codesNotNames === 'string' ? codesNotNames : null,
    examples: texts(examples) ?? [],
    sheet: typeof sheet === 'string' ? sheet : null,
    message: error.serverMessage ?? '',
  };
}

export interface RowIssueLine {
  key: string;
  row: number;
  kind: 'error' | 'warning';
  field: string;
  message: string;
}

/** Errors and warnings as one list in the spreadsheet's row order, errors first within a row. */
export function rowIssuesOf(
  errors: readonly RowError[],
  warnings: readonly RowWarning[],
): RowIssueLine[] {
  const lines: RowIssueLine[] = [];
  for (const error of errors) {
    const issues = error.issues?.length
      ? error.issues
      : error.errors.map((message) => ({ field: '', message }));
    issues.forEach((issue, index) => {
      lines.push({ key: `e${error.row}-${index}`, row: error.row, kind: 'error', ...issue });
    });
  }
  warnings.forEach((warning, index) => {
    lines.push({ key: `w${warning.row}-${index}`, kind: 'warning', ...warning });
  });
  return lines.sort(
    (a, b) => a.row - b.row || (a.kind === b.kind ? 0 : a.kind === 'error' ? -1 : 1),
  );
}

/** A formula-safe CSV of the errors and warnings (row, type, column, problem) to fix the file from. */
export function rowIssuesCsv(errors: readonly RowError[], warnings: readonly RowWarning[]): string {
  let csv = `${CSV_BOM}${toCsvLine(['Row', 'Type', 'Column', 'Problem'])}`;
  for (const line of rowIssuesOf(errors, warnings)) {
    csv += toCsvLine([
      line.row,
      line.kind === 'error' ? 'Error' : 'Warning',
      line.field || '(whole row)',
      line.message,
    ]);
  }
  return csv;
}
