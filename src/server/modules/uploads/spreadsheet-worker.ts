// Runs in a worker thread (read-spreadsheet.ts), one per file: parsing a hostile file can take
// CPU time and memory, and here it is stopped at a time limit and a heap cap without stalling
// the web server's event loop. The rows are checked here too, and the valid ones are sent on a
// slice at a time, so the web thread writes them while later rows are still being checked.
import { parentPort, workerData } from 'node:worker_threads';
import type { RowError } from '../../../shared/upload.js';
import { parseSpreadsheet, SpreadsheetError, type SpreadsheetInput } from './parse-spreadsheet.js';
import { checkRows, columnsOf, type ValidRow } from './validate-rows.js';

/**
 * What the worker sends, in order: a problem with the file as a whole (then nothing more), or
 * the valid rows a slice at a time and then the end with the rejected rows.
 */
export type WorkerMessage =
  | { kind: 'file-error'; message: string }
  | { kind: 'rows'; rows: ValidRow[] }
  | { kind: 'end'; errors: RowError[]; totalRows: number };

const SLICE_ROWS = 2_000;

const send = (message: WorkerMessage) => parentPort!.postMessage(message);

async function checkFile(input: SpreadsheetInput): Promise<void> {
  let rows: string[][];
  try {
    rows = await parseSpreadsheet(input);
  } catch (error) {
    const message =
      error instanceof SpreadsheetError ? error.message : 'The file could not be read.';
    return send({ kind: 'file-error', message });
  }
  const columns = columnsOf(rows);
  if (typeof columns === 'string') return send({ kind: 'file-error', message: columns });
  const end = checkRows(rows, columns, (valid) => send({ kind: 'rows', rows: valid }), SLICE_ROWS);
  send({ kind: 'end', ...end });
}

await checkFile(workerData as SpreadsheetInput);
