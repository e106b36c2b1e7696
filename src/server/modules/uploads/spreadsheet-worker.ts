// Runs in a worker thread (read-spreadsheet.ts): parsing a hostile file can take CPU time, and
// here it can be stopped at a time limit without stalling the web server's event loop. The rows
// are checked here too (phone numbers, balances, duplicates: over a second for 50,000 rows),
// so only the checked rows travel back.
import { parentPort, workerData } from 'node:worker_threads';
import { parseSpreadsheet, SpreadsheetError, type SpreadsheetInput } from './parse-spreadsheet.js';
import { validateRows } from './validate-rows.js';

const input = workerData as SpreadsheetInput;
try {
  parentPort!.postMessage({ ok: true, checked: validateRows(parseSpreadsheet(input)) });
} catch (error) {
  parentPort!.postMessage({
    ok: false,
    message: error instanceof SpreadsheetError ? error.message : 'The file could not be read.',
  });
}
