import { ApiError } from '@/lib/api-client';
import {
  type BatchStatus,
  FILE_TOO_LARGE_MESSAGE,
  INVALID_FILE_TYPE_MESSAGE,
  type RowError,
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

/** A formula-safe CSV of row errors (row, field, message) for staff to fix the file from. */
export function rowErrorsCsv(errors: readonly RowError[]): string {
  const cell = (value: string | number) => {
    let text = String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return `"${text.replaceAll('"', '""')}"`;
  };
  const lines = [['Row', 'Column', 'Problem'].map(cell).join(',')];
  for (const error of errors) {
    const issues = error.issues?.length
      ? error.issues
      : error.errors.map((message) => ({ field: '', message }));
    for (const issue of issues) {
      lines.push([error.row, issue.field || '(whole row)', issue.message].map(cell).join(','));
    }
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
