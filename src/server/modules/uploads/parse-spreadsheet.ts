import * as XLSX from '@e965/xlsx';
import { parse as parseCsv } from 'csv-parse/sync';
import { UPLOAD_MAX_ROWS } from '../../../shared/upload.js';
import { decodeCsv } from './decode-csv.js';

export type SpreadsheetKind = 'csv' | 'xlsx' | 'xls';

export interface SpreadsheetInput {
  kind: SpreadsheetKind;
  bytes: Uint8Array;
}

/** Columns read from a sheet: the five required ones and room for staff's own extras. */
const MAX_COLUMNS = 50;

/** Thrown for a file we can name the problem of; anything else is "could not be read". */
export class SpreadsheetError extends Error {}

/**
 * Rows of cells as text. CSV (UTF-8, else Windows-1252: decode-csv.ts) through csv-parse (BOM,
 * CRLF, quoted commas and line breaks), never SheetJS's guessing; Excel through SheetJS with
 * `sheetRows` capping what it reads (a lone cell at XFD1048576 cannot make it walk a million
 * rows). Excel cells are their stored values, not their displayed text (see `cellText`), and
 * formulas are never evaluated or kept (a cell '=HYPERLINK(…)' is just text). Rows are arrays,
 * so a header named `__proto__` is only ever an array element.
 */
export function parseSpreadsheet(input: SpreadsheetInput): string[][] {
  if (input.kind === 'csv') return parseCsvRows(input.bytes);
  return parseWorkbookRows(input.bytes);
}

function parseCsvRows(bytes: Uint8Array): string[][] {
  const text = decodeCsv(bytes);
  let records: string[][];
  try {
    records = parseCsv(text, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      to_line: UPLOAD_MAX_ROWS + 2,
    }) as string[][];
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new SpreadsheetError(`The CSV file could not be read: ${detail}`);
  }
  return records.map((record) => record.slice(0, MAX_COLUMNS).map((cell) => String(cell)));
}

/**
 * A cell's stored value as text. The displayed text would be wrong for us: a balance formatted
 * '£#,##0' shows 1245.5 as '£1,246', and a 12-digit phone in General format shows as
 * '4.47911E+11'. Numbers are cut to 15 significant digits, Excel's own precision, so a sum stored
 * as 1245.5000000000002 reads '1245.5' while a typed 12.345 stays '12.345' (and is refused by
 * the two-decimals rule); a number formatted as a date is its serial number.
 */
export function cellText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    return Number.isFinite(value) ? String(Number(value.toPrecision(15))) : '';
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  // A cell typed as a date (t="d", rare in real files) rather than a formatted number.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  return '';
}

function parseWorkbookRows(bytes: Uint8Array): string[][] {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'array',
      dense: true,
      sheetRows: UPLOAD_MAX_ROWS + 2,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellDates: false,
      bookVBA: false,
      WTF: false,
    });
  } catch {
    throw new SpreadsheetError('The Excel file could not be read. Save it again and retry.');
  }
  const sheetName = workbook.SheetNames[0];
  const sheet = sheetName ? workbook.Sheets[sheetName] : undefined;
  if (!sheet?.['!ref']) return [];
  const range = XLSX.utils.decode_range(sheet['!ref']);
  range.e.c = Math.min(range.e.c, range.s.c + MAX_COLUMNS - 1);
  range.e.r = Math.min(range.e.r, range.s.r + UPLOAD_MAX_ROWS + 1);
  // `raw: true` gives each cell's value (`v`), never its formatted text (`w`); an error cell
  // such as #DIV/0! comes back empty.
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    range,
    raw: true,
    UTC: true,
    defval: '',
    blankrows: true,
  });
  return rows.map((row) => row.map(cellText));
}
