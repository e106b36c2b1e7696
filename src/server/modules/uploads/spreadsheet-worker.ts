// Runs in a worker thread (read-spreadsheet.ts): parsing a hostile file can take CPU time, and
// here it can be stopped at a time limit without stalling the web server's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { parseSpreadsheet, SpreadsheetError, type SpreadsheetInput } from './parse-spreadsheet.js';

const input = workerData as SpreadsheetInput;
try {
  parentPort!.postMessage({ ok: true, rows: parseSpreadsheet(input) });
} catch (error) {
  parentPort!.postMessage({
    ok: false,
    message: error instanceof SpreadsheetError ? error.message : 'The file could not be read.',
  });
}
