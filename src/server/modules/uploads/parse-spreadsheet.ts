import { parse as parseCsv } from 'csv-parse/sync';
import { UPLOAD_MAX_ROWS } from '../../../shared/upload-rules.js';
import { cellText } from './cell-text.js';
import { decodeCsv } from './decode-csv.js';
import { openXlsxSheet, UnrecognisedWorkbook } from './read-xlsx-sheet.js';

export type SpreadsheetKind = 'csv' | 'xlsx' | 'xls';

export interface SpreadsheetInput {
  kind: SpreadsheetKind;
  bytes: Uint8Array;
}

/** Columns read from a sheet: the five required ones and room for staff's own extras. */
const MAX_COLUMNS = 50;

/** Thrown for a file we can name the problem of; anything else is "could not be read". */
export class SpreadsheetError extends Error {}

/** Rows read: the header, UPLOAD_MAX_ROWS tenants and one more, so too many can be told. */
const MAX_ROWS_READ = UPLOAD_MAX_ROWS + 2;

const EXCEL_UNREADABLE = 'The Excel file could not be read. Save it again and retry.';

/**
 * Rows of cells as text, in chunks as they are read. CSV (UTF-8, else Windows-1252:
 * decode-csv.ts) through csv-parse (BOM, CRLF, quoted commas and line breaks), never SheetJS's
 * guessing, in one chunk. An .xlsx through our own reader of the sheet's XML
 * (read-xlsx-sheet.ts, decision 0009), a chunk at a time, stopping after MAX_ROWS_READ rows; an
 * .xls, or an .xlsx that reader does not recognise, through SheetJS with `sheetRows` capping
 * what it reads (a lone cell at XFD1048576 cannot make either walk a million rows), in one chunk.
 * Excel cells are their stored values, not their displayed text (see cell-text.ts), and formulas
 * are never evaluated or kept (a cell '=HYPERLINK(…)' is just text). Rows are arrays, so a
 * header named `__proto__` is only ever an array element.
 */
export async function spreadsheetRowChunks(
  input: SpreadsheetInput,
): Promise<AsyncIterable<string[][]>> {
  if (input.kind === 'csv') return oneChunk(parseCsvRows(input.bytes));
  if (input.kind === 'xlsx') {
    try {
      const chunks = await openXlsxSheet(input.bytes, {
        maxRows: MAX_ROWS_READ,
        maxColumns: MAX_COLUMNS,
      });
      return readableChunks(chunks);
    } catch (error) {
      if (!(error instanceof UnrecognisedWorkbook)) throw new SpreadsheetError(EXCEL_UNREADABLE);
    }
  }
  return oneChunk(await readWorkbookWithSheetJs(input.bytes));
}

async function* oneChunk(rows: string[][]): AsyncGenerator<string[][]> {
  yield rows;
}

/**
 * A sheet that turns out broken part-way (a cell never closed, its zip data corrupt) is a file
 * we name the problem of.
 */
async function* readableChunks(chunks: AsyncIterable<string[][]>): AsyncGenerator<string[][]> {
  try {
    yield* chunks;
  } catch {
    throw new SpreadsheetError(EXCEL_UNREADABLE);
  }
}

/** All the rows at once (spreadsheetRowChunks joined). */
export async function parseSpreadsheet(input: SpreadsheetInput): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const chunk of await spreadsheetRowChunks(input)) {
    for (const row of chunk) rows.push(row);
  }
  return rows;
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
      to_line: MAX_ROWS_READ,
    }) as string[][];
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new SpreadsheetError(`The CSV file could not be read: ${detail}`);
  }
  return records.map((record) => record.slice(0, MAX_COLUMNS).map((cell) => String(cell)));
}

/**
 * The first sheet's rows through SheetJS: .xls, and the .xlsx fallback. SheetJS is loaded only
 * when needed: it is a megabyte of code for the worker to start with.
 */
export async function readWorkbookWithSheetJs(bytes: Uint8Array): Promise<string[][]> {
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
    throw new SpreadsheetError(EXCEL_UNREADABLE);
  }
  const sheetName = workbook.SheetNames[0];
  const sheet = sheetName ? workbook.Sheets[sheetName] : undefined;
  if (!sheet?.['!ref']) return [];
  const range = XLSX.utils.decode_range(sheet['!ref']);
  range.e.c = Math.min(range.e.c, range.s.c + MAX_COLUMNS - 1);
  range.e.r = Math.min(range.e.r, range.s.r + MAX_ROWS_READ - 1);
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
