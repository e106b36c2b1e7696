// Runs in a worker thread (read-spreadsheet.ts): parsing a hostile file can take CPU time, and
// here it can be stopped at a time limit without stalling the web server's event loop. The rows
// are checked here too (phone numbers, balances, duplicates: over a second for 50,000 rows),
// so only the checked rows travel back, as JSON text in slices (WorkerAnswer).
import { parentPort, workerData } from 'node:worker_threads';
import { parseSpreadsheet, SpreadsheetError, type SpreadsheetInput } from './parse-spreadsheet.js';
import { validateRows } from './validate-rows.js';
import { VALID_ROWS_PER_SLICE, type WorkerAnswer } from './worker-answer.js';

const input = workerData as SpreadsheetInput;
try {
  const checked = validateRows(parseSpreadsheet(input));
  const validSlices: string[] = [];
  if (checked.kind === 'rows') {
    for (let start = 0; start < checked.valid.length; start += VALID_ROWS_PER_SLICE) {
      validSlices.push(JSON.stringify(checked.valid.slice(start, start + VALID_ROWS_PER_SLICE)));
    }
  }
  const answer: WorkerAnswer = {
    ok: true,
    checked: checked.kind === 'rows' ? { ...checked, valid: [] } : checked,
    validSlices,
  };
  parentPort!.postMessage(answer);
} catch (error) {
  parentPort!.postMessage({
    ok: false,
    message: error instanceof SpreadsheetError ? error.message : 'The file could not be read.',
  });
}
