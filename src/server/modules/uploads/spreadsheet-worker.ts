// Runs in a worker thread (read-spreadsheet.ts), one per file: parsing a hostile file can take
// CPU time and memory, and here it is stopped at a time limit and a heap cap without stalling
// the web server's event loop. The rows are checked here too, and the valid ones are sent on a
// slice at a time, so the web thread writes them while later rows are still being checked.
import { once } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import type {
  ColumnMapping,
  ColumnsRead,
  RequiredColumn,
  RowError,
  RowWarning,
} from '../../../shared/upload.js';
import { CLEANED_NOTE, type CleanedCell } from './control-characters.js';
import { findSheet, type Header } from './find-header.js';
import { columnsReadOf, MappingMismatchError, missingColumnsMessage } from './match-columns.js';
import {
  readSheets,
  type Sheet,
  SpreadsheetError,
  type SpreadsheetInput,
} from './parse-spreadsheet.js';
import { type CheckedEnd, checkRows, type ValidRow } from './validate-rows.js';

export interface WorkerInput extends SpreadsheetInput {
  /** The clerk's column mapping sent with this upload, if any. */
  mapping: ColumnMapping | null;
}

/**
 * What the worker sends, in order: a problem with the file as a whole (then nothing more), or
 * the valid rows a slice at a time and then the end with the rejected rows. When a required
 * column is missing and no mapping came with the upload, it first asks for a remembered one
 * ('needs-mapping', answered with a `MappingReply`). 'columns' comes before the rows: which
 * headings were read, and the upload's own mapping when one was sent, to be remembered.
 */
export type WorkerMessage =
  | {
      kind: 'file-error';
      message: string;
      headings?: string[];
      missingColumns?: RequiredColumn[];
      balanceChoices?: string[];
      codesNotNames?: string;
      examples?: string[];
      sheet?: string | null;
    }
  | { kind: 'needs-mapping'; headings: string[] }
  | {
      kind: 'columns';
      headings: string[];
      /** The mapping sent with the upload, with the remembered one for the columns not asked. */
      mapping: ColumnMapping | null;
      columnsRead: ColumnsRead;
    }
  | { kind: 'rows'; rows: ValidRow[] }
  | {
      kind: 'end';
      errors: RowError[];
      warnings: RowWarning[];
      totalRows: number;
      passedOver: number[];
      /** The sheet the rows are from, named when the workbook has more than one. */
      sheet: string | null;
    };

export interface MappingReply {
  mapping: ColumnMapping | null;
}

const SLICE_ROWS = 2_000;

const send = (message: WorkerMessage) => parentPort!.postMessage(message);

async function rememberedMapping(headings: string[]): Promise<ColumnMapping | null> {
  send({ kind: 'needs-mapping', headings });
  const [reply] = (await once(parentPort!, 'message')) as [MappingReply];
  return reply.mapping;
}

async function checkFile(input: WorkerInput): Promise<void> {
  let sheets: Sheet[];
  try {
    sheets = await readSheets(input);
  } catch (error) {
    const message =
      error instanceof SpreadsheetError ? error.message : 'The file could not be read.';
    return send({ kind: 'file-error', message });
  }
  // A sheet is named to the clerk only where there was a choice of sheets.
  const nameOf = (sheet: Sheet) => (sheets.length > 1 ? sheet.name : null);
  try {
    // Without a mapping sent, a mapping the clerk made for these headings comes before a name
    // or address joined from its parts: a changed one would not find its account again.
    let mapping = input.mapping;
    let found = findSheet(sheets, mapping, mapping !== null);
    if (typeof found === 'object' && 'missing' in found) {
      const remembered = await rememberedMapping(found.headings);
      // The clerk's choices for what was asked, beside those remembered for the other columns.
      if (mapping === null) mapping = remembered;
      else if (remembered) mapping = withRemembered(mapping, remembered);
      found = findSheet(sheets, mapping);
    }
    if (typeof found === 'string') return send({ kind: 'file-error', message: found });
    if ('missing' in found) {
      return send({
        kind: 'file-error',
        message: missingColumnsMessage(found),
        headings: found.headings,
        missingColumns: found.missing,
        ...(found.balanceChoices ? { balanceChoices: found.balanceChoices } : {}),
        ...(found.codesNotNames ? { codesNotNames: found.codesNotNames } : {}),
        ...(found.examples ? { examples: found.examples } : {}),
        sheet: nameOf(found.sheet),
      });
    }
    const { sheet, header } = found;
    const headings = sheet.rows[header.index]!;
    send({
      kind: 'columns',
      headings,
      mapping: input.mapping ? mapping : null,
      columnsRead: columnsReadOf(headings, header.columns, mapping),
    });
    const end = checkRows(sheet.rows, header, (valid) => send({ kind: 'rows', rows: valid }), {
      sliceRows: SLICE_ROWS,
      isCsv: input.kind === 'csv',
    });
    const warnings = withCleanedNotes(end, sheet.cleaned, header);
    send({ kind: 'end', ...end, warnings, sheet: nameOf(sheet) });
  } catch (error) {
    // A remembered mapping that no longer fits is as if there were none: the clerk maps again.
    if (!(error instanceof MappingMismatchError)) throw error;
    send({ kind: 'file-error', message: error.message });
  }
}

/** `remembered` with `chosen` over it; a heading `chosen` takes is no longer another column's. */
function withRemembered(chosen: ColumnMapping, remembered: ColumnMapping): ColumnMapping {
  const taken = new Set(Object.values(chosen));
  const kept = Object.entries(remembered).filter(([, heading]) => !taken.has(heading));
  return { ...Object.fromEntries(kept), ...chosen };
}

/**
 * A note for each kept row whose cells in a column we use had control characters removed
 * (control-characters.ts), in row order among the row rules' own notes.
 */
function withCleanedNotes(end: CheckedEnd, cleaned: CleanedCell[], header: Header) {
  const rejected = new Set(end.errors.map((error) => error.row));
  const notes: RowWarning[] = [];
  const headerRow = header.index + 1;
  for (const [field, indexes] of header.columns) {
    for (const cell of cleaned) {
      if (indexes.includes(cell.column) && cell.row > headerRow && !rejected.has(cell.row)) {
        notes.push({ row: cell.row, field, message: `${field}: ${CLEANED_NOTE}` });
      }
    }
  }
  return [...end.warnings, ...notes].sort((a, b) => a.row - b.row);
}

await checkFile(workerData as WorkerInput);
