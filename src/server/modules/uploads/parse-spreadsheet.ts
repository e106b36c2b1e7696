import * as XLSX from '@e965/xlsx';
import { parse as parseCsv } from 'csv-parse/sync';
import { UPLOAD_MAX_ROWS } from '../../../shared/upload.js';

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
 * Rows of cells as text. CSV through csv-parse (BOM, CRLF, quoted commas and line breaks), never
 * SheetJS's guessing; Excel through SheetJS with `sheetRows` capping what it reads (a lone cell
 * at XFD1048576 cannot make it walk a million rows), cells taken as their displayed text and
 * formulas never evaluated or kept (a cell '=HYPERLINK(…)' is just text). Rows are arrays, so a
 * header named `__proto__` is only ever an array element.
 */
export function parseSpreadsheet(input: SpreadsheetInput): string[][] {
  if (input.kind === 'csv') return parseCsvRows(input.bytes);
  return parseWorkbookRows(input.bytes);
}

function parseCsvRows(bytes: Uint8Array): string[][] {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
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
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    range,
    raw: false,
    defval: '',
    blankrows: true,
  });
  return rows.map((row) =>
    row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))),
  );
}
