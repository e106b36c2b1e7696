import type { RowError, RowIssue, RowWarning, UploadColumn } from '../../../shared/upload.js';
import { matchKeyOf, referenceKeyOf } from '../accounts/account-keys.js';
import { type CheckedContact, checkContact } from './check-contact.js';
import { type Header, isBlank } from './find-header.js';
import { flatWordOf } from './match-columns.js';
import { naturalName } from './natural-name.js';
import { notLeaseholderNote } from './not-leaseholder-rows.js';
import { checkBalance } from './read-balance.js';

export interface ValidRow {
  row: number;
  name: string;
  email: string | null;
  /** Joint leaseholders' other addresses from the same cell (check-contact.ts). */
  otherEmails: string | null;
  /** E.164. */
  phone: string | null;
  phoneKind: 'mobile' | 'landline' | null;
  address: string;
  /**
   * What the sheet says is owed. Zero or less (a credit) is kept only for a known account, which
   * it settles; create-batch.ts refuses it for anyone else, since there is nothing to collect.
   */
  amountPence: number;
  /** The agent's Account Reference, when the sheet has one for this row. */
  reference: string | null;
  /**
   * referenceKeyOf(reference) and matchKeyOf(name, address): how the row finds its account. A row
   * owing nothing may leave name or address blank and be found by reference alone (matchKey '').
   */
  referenceKey: string | null;
  matchKey: string;
  /** matchKeyOf(name, the address as earlier uploads read it), when that was other (Header). */
  formerMatchKey?: string;
  /**
   * No email and no phone in the sheet: kept for a known account, whose details on file are kept
   * (update-contact.ts), and refused for anyone else (reconcile-rows.ts).
   */
  hasNoContact?: true;
}

/**
 * The end of a file's check: the rejected rows, the rows kept with a warning, and how many rows
 * had anything in them.
 */
export interface CheckedEnd {
  errors: RowError[];
  warnings: RowWarning[];
  totalRows: number;
  /** Rows owing nothing that name no one (a ledger's empty or unsold flats): counted as not owed. */
  passedOver: number[];
}

export const UNREADABLE_ROW_MESSAGE =
  'contains characters that could not be read (invalid UTF-8) — re-save the file as CSV UTF-8';

/**
 * A column's text in a row: its cell, or its parts' cells joined, a name's with spaces. An
 * address's first part headed `flatWord` reads 'Flat 12' where its cell says only '12' or '4B',
 * and is left out where the next part already begins with the flat ('Flat 12, Riverside Court' or
 * '12 Riverside Court').
 */
function textOf(
  cells: readonly string[],
  column: UploadColumn,
  at: readonly number[] = [],
  flatWord: string | null = null,
): string {
  if (at.length === 1) return (cells[at[0]!] ?? '').trim();
  const texts = at.map((index) => (cells[index] ?? '').trim());
  const flat = texts[0]!;
  if (flatWord && flat !== '') {
    const named = /^\d+[a-z]?$/i.test(flat) ? `${flatWord} ${flat}` : flat;
    const next = texts[1]!.toLowerCase();
    const isWritten = [flat, named].some((text) => startsWithWord(next, text.toLowerCase()));
    texts[0] = isWritten ? '' : named;
  }
  return texts.filter((text) => text !== '').join(column === 'Tenant Name' ? ' ' : ', ');
}

function startsWithWord(text: string, word: string): boolean {
  return text.startsWith(word) && !/[\p{L}\p{N}]/u.test(text.charAt(word.length));
}

/** Cells up to the last one with anything in it: trailing empty cells are only separators. */
function widthOf(cells: readonly string[]): number {
  let width = cells.length;
  while (width > 0 && cells[width - 1]!.trim() === '') width -= 1;
  return width;
}

/**
 * The row rules of a credit controller's upload (issue 4): which rows become payment links and,
 * for the others, what to fix, in the spreadsheet's own row numbers (its first row = 1; blank
 * rows count for numbering only). The valid rows are handed on `sliceRows` at a time as they are
 * checked, so they can be written while later rows are checked; a duplicate is always the later
 * row, so handing rows on early changes no answer.
 */
export function checkRows(
  rows: readonly (readonly string[])[],
  { index: headerIndex, columns, formerAddress }: Header,
  onValid: (valid: ValidRow[]) => void,
  options: { sliceRows: number; isCsv: boolean },
): CheckedEnd {
  const end: CheckedEnd = { errors: [], warnings: [], totalRows: 0, passedOver: [] };
  const headerWidth = options.isCsv ? widthOf(rows[headerIndex]!) : Number.POSITIVE_INFINITY;
  const seen = new Map<string, number>();
  const flatWord = flatWordOf(rows[headerIndex]!, columns);
  let valid: ValidRow[] = [];
  for (let index = headerIndex + 1; index < rows.length; index += 1) {
    const cells = rows[index]!;
    const rowNumber = index + 1;
    if (isBlank(cells)) continue;
    const cell = (column: UploadColumn) =>
      textOf(cells, column, columns.get(column), column === 'Property Address' ? flatWord : null);
    const notLeaseholder = notLeaseholderNote(cells, cell, rows[headerIndex]!);
    if (notLeaseholder) {
      end.warnings.push({ row: rowNumber, field: '', message: notLeaseholder });
      continue;
    }
    end.totalRows += 1;
    // U+FFFD: bytes decode-csv.ts could not read as UTF-8 in a file that otherwise is.
    if (cells.some((text) => text.includes('\uFFFD'))) {
      end.errors.push(toRowError(rowNumber, [{ field: '', message: UNREADABLE_ROW_MESSAGE }]));
      continue;
    }
    // A CSV value with an unquoted comma ('£ 1,875.00') spills into a cell past the header's.
    const width = widthOf(cells);
    if (width > headerWidth) {
      const message = `This row has ${width} values but the header has ${headerWidth} — is a value with a comma missing its quotes?`;
      end.errors.push(toRowError(rowNumber, [{ field: '', message }]));
      continue;
    }
    const checked = checkRow(rowNumber, cell);
    if ('isNobodys' in checked) {
      end.passedOver.push(rowNumber);
      continue;
    }
    if ('issues' in checked) {
      end.errors.push(toRowError(rowNumber, checked.issues));
      continue;
    }
    const row = checked.valid;
    if (formerAddress && row.matchKey !== '') {
      row.formerMatchKey = matchKeyOf(row.name, textOf(cells, 'Property Address', formerAddress));
    }
    const duplicate = duplicateOf(seen, row);
    if (duplicate) {
      end.errors.push(toRowError(rowNumber, [{ field: '', message: duplicate }]));
      continue;
    }
    for (const warning of checked.warnings) end.warnings.push({ row: rowNumber, ...warning });
    valid.push(row);
    if (valid.length === options.sliceRows) {
      onValid(valid);
      valid = [];
    }
  }
  if (valid.length > 0) onValid(valid);
  return end;
}

/**
 * Two rows for one account would both claim its balance: the later one is refused, whether it
 * repeats the Account Reference or the tenant and property. Two references are two accounts, as
 * reconciliation finds them (ground rent beside service charge); a row without one is the
 * account of that tenant and property, whichever row named it.
 */
function duplicateOf(seen: Map<string, number>, row: ValidRow): string | null {
  const reference = row.referenceKey === null ? null : `ref:${row.referenceKey}`;
  const byReference = reference === null ? undefined : seen.get(reference);
  if (byReference !== undefined) {
    return `Duplicate of row ${byReference}: the same Account Reference`;
  }
  const byName = seen.get(`${reference === null ? 'any' : 'bare'}:${row.matchKey}`);
  if (byName !== undefined) return `Duplicate of row ${byName}: the same tenant and property`;
  if (reference === null) seen.set(`bare:${row.matchKey}`, row.row);
  else seen.set(reference, row.row);
  if (!seen.has(`any:${row.matchKey}`)) seen.set(`any:${row.matchKey}`, row.row);
  return null;
}

function checkRow(
  row: number,
  cell: (column: UploadColumn) => string,
): { valid: ValidRow; warnings: RowIssue[] } | { issues: RowIssue[] } | { isNobodys: true } {
  const issues: RowIssue[] = [];
  // 'HUGHES, Margaret' greets her as 'Margaret Hughes'; matching ignores the order anyway.
  const name = naturalName(cell('Tenant Name'));
  const address = cell('Property Address');
  const balance = checkBalance(cell('Balance Due (£)'));
  const reference = cell('Account Reference');
  // Owing nothing, a reference alone finds the account it settles: ledgers list a sold or empty
  // flat's reference with no name. A blank name or address then keeps the one on file.
  const isByReference = typeof balance === 'number' && balance <= 0 && reference !== '';
  if (!name && !isByReference) {
    issues.push({ field: 'Tenant Name', message: 'Tenant Name is required' });
  } else if (name.length > 200) {
    issues.push({ field: 'Tenant Name', message: 'Tenant Name is longer than 200 characters' });
  }
  if (!address && !isByReference) {
    issues.push({ field: 'Property Address', message: 'Property Address is required' });
  } else if (address.length > 500) {
    issues.push({
      field: 'Property Address',
      message: 'Property Address is longer than 500 characters',
    });
  }

  const contact = settledContact(
    balance,
    checkContact(
      cell('Email Address'),
      cell('Phone Number (for WhatsApp)'),
      cell('Other Email Addresses'),
    ),
  );
  issues.push(...contact.issues);

  // Empty contact cells alone refuse a row only once it is known to be no account's.
  const isOnlyBlankContact = () => contact.isBlank && issues.length === contact.issues.length;
  if (typeof balance === 'string') issues.push({ field: 'Balance Due (£)', message: balance });
  if (reference.length > 100) {
    issues.push({
      field: 'Account Reference',
      message: 'Account Reference is longer than 100 characters',
    });
  }

  // Owing nothing, with no name or no address and no reference: no account could be found by
  // it, and it asks nothing of anyone (a ledger lists its empty and unsold flats too).
  if (typeof balance === 'number' && balance <= 0 && reference === '' && (!name || !address)) {
    return { isNobodys: true };
  }
  if ((issues.length > 0 && !isOnlyBlankContact()) || typeof balance === 'string') {
    return { issues };
  }
  const { email, otherEmails, phone, phoneKind, warnings } = contact;
  const valid: ValidRow = {
    row,
    name,
    email,
    otherEmails,
    phone,
    phoneKind,
    address,
    amountPence: balance,
    reference: reference === '' ? null : reference,
    // Made here, in the worker, so the web thread that writes the rows only writes them.
    referenceKey: referenceKeyOf(reference),
    // '' matches no account (matchKeyOf always has its '|'): such a row is found by reference.
    matchKey: name && address ? matchKeyOf(name, address) : '',
    ...(contact.isBlank ? { hasNoContact: true as const } : {}),
  };
  return { valid, warnings };
}

/**
 * A row that owes nothing asks nothing of anyone, so contact details that would not do are set
 * aside, with a warning, rather than refusing it: it still settles a known account (keeping the
 * details on file), and a leaseholder not on file is passed over as any such row is.
 */
function settledContact(balance: number | string, contact: CheckedContact): CheckedContact {
  if (
    typeof balance === 'string' ||
    balance > 0 ||
    contact.issues.length === 0 ||
    contact.isBlank
  ) {
    return contact;
  }
  return {
    email: null,
    otherEmails: null,
    phone: null,
    phoneKind: null,
    issues: [],
    warnings: contact.issues.map((issue) => ({
      field: issue.field,
      message: `${issue.message}: not used, as this row owes nothing (details on file are kept)`,
    })),
    isBlank: true,
  };
}

export function toRowError(row: number, issues: RowIssue[]): RowError {
  return { row, errors: issues.map((issue) => issue.message), issues };
}
