import { parse as parseCsv } from 'csv-parse/sync';
import { HEADER_SEARCH_ROWS, UPLOAD_MAX_ROWS } from '../../../shared/upload.js';
import { cellText } from './cell-text.js';
import { type CleanedCell, removeControlCharacters } from './control-characters.js';
import { decodeCsv } from './decode-csv.js';
import { scanXlsxParts } from './scan-xlsx-parts.js';

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
 * Rows read: the rows down to the header at the furthest, UPLOAD_MAX_ROWS tenants and one more,
 * so too many can be told.
 */
const MAX_ROWS_READ = HEADER_SEARCH_ROWS + UPLOAD_MAX_ROWS + 1;

/** One sheet's rows (a CSV file is one sheet, without a name), control characters removed. */
export interface Sheet {
  name: string | null;
  rows: string[][];
  /** The cells that had control characters (control-characters.ts). */
  cleaned: CleanedCell[];
}

/**
 * The rows of cells as text, row 1 first, of the first sheet. CSV (UTF-8, else Windows-1252:
 * decode-csv.ts) goes through csv-parse (BOM, CRLF, quoted commas and line breaks), never
 * SheetJS's guessing; .xlsx and .xls through SheetJS. Rows are arrays, so a header named
 * `__proto__` is only ever an array element.
 */
export async function parseSpreadsheet(input: SpreadsheetInput): Promise<string[][]> {
  return (await readSheets(input))[0]?.rows ?? [];
}

/** Every visible sheet of the file in the workbook's order; a CSV file is one sheet. */
export async function readSheets(input: SpreadsheetInput): Promise<Sheet[]> {
  if (input.kind === 'csv') return [sheetOf(null, parseCsvRows(input.bytes))];
  return (await readWorkbook(input.bytes)).map(({ name, rows }) => sheetOf(name, rows));
}

function sheetOf(name: string | null, rows: string[][]): Sheet {
  return { name, rows, cleaned: removeControlCharacters(rows) };
}

function parseCsvRows(bytes: Uint8Array): string[][] {
  const text = decodeCsv(bytes);
  let records: string[][];
  try {
    records = parseCsv(text, {
      bom: true,
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      to_line: MAX_ROWS_READ,
    }) as string[][];
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new SpreadsheetError(`The CSV file could not be read: ${detail}`);
  }
  return records.map((record) => record.slice(0, MAX_COLUMNS).map((cell) => String(cell)));
}

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * The file's delimiter: a comma, as long as one of its first lines has the four a header of the
 * five columns needs (outside quotes: a cell of several emails may hold semicolons); else a
 * semicolon (Excel where a comma is the decimal mark) or a tab ("Text (Tab delimited)" saved as
 * .csv), whichever separates the most cells on any of those lines.
 */
export function delimiterOf(text: string): (typeof DELIMITERS)[number] {
  const most = new Map<string, number>(DELIMITERS.map((delimiter) => [delimiter, 0]));
  for (const line of text.slice(0, 65_536).split('\n', 10)) {
    const outside = line.replace(/"[^"]*"/g, '');
    for (const delimiter of DELIMITERS) {
      const count = outside.split(delimiter).length - 1;
      if (count > most.get(delimiter)!) most.set(delimiter, count);
    }
  }
  if (most.get(',')! >= 4) return ',';
  return DELIMITERS.reduce((best, delimiter) =>
    most.get(delimiter)! > most.get(best)! ? delimiter : best,
  );
}

/**
 * The visible sheets through SheetJS, which is loaded only for Excel files (a megabyte of code),
 * after an .xlsx's parts are scanned for more text, strings or cells than a list can need: the
 * scan counts every sheet, so reading them all costs no more than the limits allow. `sheetRows`
 * caps what it reads, so a lone cell at XFD1048576 cannot make it walk a million rows. Cells are
 * their stored values, not their displayed text (cell-text.ts), and formulas are never
 * evaluated or kept (a cell '=HYPERLINK(…)' is just text). Hidden sheets are passed over: the
 * clerk cannot see what they hold.
 */
async function readWorkbook(bytes: Uint8Array): Promise<{ name: string; rows: string[][] }[]> {
  const problem = await scanXlsxParts(bytes);
  if (problem) throw new SpreadsheetError(problem);
  const XLSX = await import('@e965/xlsx');
  let workbook: import('@e965/xlsx').WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'array',
      dense: true,
      sheetRows: MAX_ROWS_READ,
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
  const hidden = workbook.Workbook?.Sheets?.map((sheet) => Boolean(sheet.Hidden)) ?? [];
  const names = workbook.SheetNames.filter((_, index) => !hidden[index]);
  return names.map((name) => ({ name, rows: sheetRows(XLSX, workbook.Sheets[name]) }));
}

function sheetRows(
  XLSX: typeof import('@e965/xlsx'),
  sheet: import('@e965/xlsx').WorkSheet | undefined,
): string[][] {
  if (!sheet?.['!ref']) return [];
  const range = XLSX.utils.decode_range(sheet['!ref']);
  // From A1, so row numbers are the sheet's own whatever rows are empty above the header.
  range.s = { r: 0, c: 0 };
  range.e.c = Math.min(range.e.c, MAX_COLUMNS - 1);
  range.e.r = Math.min(range.e.r, MAX_ROWS_READ - 1);
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
