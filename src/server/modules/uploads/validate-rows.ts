import type { RowError, RowIssue } from '../../../shared/upload.js';
import { REQUIRED_COLUMNS, type RequiredColumn } from '../../../shared/upload-rules.js';
import { parseBalance } from './parse-balance.js';
import { parsePhone } from './parse-phone.js';

export interface ValidRow {
  row: number;
  name: string;
  email: string | null;
  /** E.164. */
  phone: string | null;
  phoneKind: 'mobile' | 'landline' | null;
  address: string;
  amountPence: number;
}

/** Case and spacing do not matter in headers: 'tenant  name' is 'Tenant Name'. */
function headerKey(text: string): string {
  return text.toLowerCase().replace(/\s+/g, '');
}

export const NO_HEADER_MESSAGE = 'The file is empty: it has no header row.';

const EMAIL = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]+$/;

/**
 * The row rules of a credit controller's upload (issue 4), a row at a time as the file is read
 * (spreadsheet-worker.ts): which rows become payment links and, for the others, what to fix, in
 * the spreadsheet's own row numbers (header = row 1). The valid rows so far can be taken and sent
 * on while later rows are still being read; a duplicate is always the later row, so taking rows
 * early changes no answer.
 */
export class RowChecker {
  readonly errors: RowError[] = [];
  /** Rows with anything in them, valid or not. */
  totalRows = 0;
  private valid: ValidRow[] = [];
  private readonly seen = new Map<string, number>();
  /** The spreadsheet row number of the last row checked; the header is row 1. */
  private rowNumber = 1;

  private constructor(private readonly columns: Map<RequiredColumn, number>) {}

  /** A checker for the rows under `header`, or what is wrong with the file. */
  static forHeader(header: readonly string[] | undefined): RowChecker | string {
    if (!header || header.every((cell) => cell.trim() === '')) {
      return NO_HEADER_MESSAGE;
    }
    const columns = new Map<RequiredColumn, number>();
    const keys = header.map(headerKey);
    for (const column of REQUIRED_COLUMNS) {
      const index = keys.indexOf(headerKey(column));
      if (index >= 0) columns.set(column, index);
    }
    const missing = REQUIRED_COLUMNS.filter((column) => !columns.has(column));
    if (missing.length > 0) {
      return `Missing required column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}. Download the template to see the expected columns.`;
    }
    return new RowChecker(columns);
  }

  /** Checks the next row under the header (blank rows count for numbering only). */
  check(cells: readonly string[]): void {
    this.rowNumber += 1;
    const rowNumber = this.rowNumber;
    if (cells.every((cell) => cell.trim() === '')) return;
    this.totalRows += 1;
    const cell = (column: RequiredColumn) => (cells[this.columns.get(column)!] ?? '').trim();
    const checked = checkRow(rowNumber, cell);
    if ('issues' in checked) {
      this.errors.push(toRowError(rowNumber, checked.issues));
      return;
    }
    const key = `${checked.name.toLowerCase().replace(/\s+/g, ' ')}|${checked.address.toLowerCase().replace(/[\s,]+/g, ' ')}`;
    const first = this.seen.get(key);
    if (first !== undefined) {
      this.errors.push(
        toRowError(rowNumber, [
          { field: '', message: `Duplicate of row ${first}: the same tenant and property` },
        ]),
      );
      return;
    }
    this.seen.set(key, rowNumber);
    this.valid.push(checked);
  }

  /** The valid rows checked since the last take. */
  takeValid(): ValidRow[] {
    const taken = this.valid;
    this.valid = [];
    return taken;
  }

  get pendingValid(): number {
    return this.valid.length;
  }
}

function checkRow(
  row: number,
  cell: (column: RequiredColumn) => string,
): ValidRow | { issues: RowIssue[] } {
  const issues: RowIssue[] = [];
  const name = cell('Tenant Name');
  const address = cell('Property Address');
  if (!name) issues.push({ field: 'Tenant Name', message: 'Tenant Name is required' });
  else if (name.length > 200) {
    issues.push({ field: 'Tenant Name', message: 'Tenant Name is longer than 200 characters' });
  }
  if (!address) issues.push({ field: 'Property Address', message: 'Property Address is required' });
  else if (address.length > 500) {
    issues.push({
      field: 'Property Address',
      message: 'Property Address is longer than 500 characters',
    });
  }

  const emailText = cell('Email Address');
  const email = emailText === '' ? null : emailText.toLowerCase();
  if (email !== null && (email.length > 254 || !EMAIL.test(email))) {
    issues.push({
      field: 'Email Address',
      message: `Email Address "${emailText}" is not a valid email address`,
    });
  }

  const phoneText = cell('Phone Number (for WhatsApp)');
  let phone: string | null = null;
  let phoneKind: ValidRow['phoneKind'] = null;
  if (phoneText !== '') {
    const parsed = parsePhone(phoneText);
    if (!parsed) {
      issues.push({
        field: 'Phone Number (for WhatsApp)',
        message: `Phone Number "${phoneText}" is not a valid phone number`,
      });
    } else {
      phone = parsed.e164;
      phoneKind = parsed.kind;
    }
  }
  const hasEmailProblem = issues.some((issue) => issue.field === 'Email Address');
  const hasPhoneProblem = issues.some((issue) => issue.field === 'Phone Number (for WhatsApp)');
  if (!email && !phoneText) {
    issues.push({
      field: '',
      message: 'An email address or a mobile number is required to send the payment link',
    });
  } else if (!email && phoneKind === 'landline' && !hasEmailProblem && !hasPhoneProblem) {
    // A landline is accepted for the record (issue 4), but with no email nothing we send (email,
    // WhatsApp, SMS) could reach this leaseholder, so the row cannot become a link.
    issues.push({
      field: 'Phone Number (for WhatsApp)',
      message: `Phone Number (for WhatsApp) "${phoneText}" is a landline, which cannot receive WhatsApp or SMS: add a mobile number or an email address`,
    });
  }

  const balance = parseBalance(cell('Balance Due (£)'));
  if ('error' in balance) issues.push({ field: 'Balance Due (£)', message: balance.error });

  if (issues.length > 0 || !('pence' in balance)) return { issues };
  return { row, name, email, phone, phoneKind, address, amountPence: balance.pence };
}

function toRowError(row: number, issues: RowIssue[]): RowError {
  return { row, errors: issues.map((issue) => issue.message), issues };
}
