// Runs in a worker thread (read-spreadsheet.ts): parsing a hostile file can take CPU time, and
// here it can be stopped at a time limit without stalling the web server's event loop. The rows
// are checked here too (phone numbers, balances, duplicates: a third of a second for 50,000
// rows), and the valid ones are sent on as they are checked, so the web server writes the first
// rows while later ones are still being read (WorkerMessage).
import { parentPort } from 'node:worker_threads';
import { UPLOAD_MAX_ROWS } from '../../../shared/upload-rules.js';
import {
  SpreadsheetError,
  type SpreadsheetInput,
  spreadsheetRowChunks,
} from './parse-spreadsheet.js';
import { NO_HEADER_MESSAGE, RowChecker } from './validate-rows.js';
import { VALID_ROWS_PER_SLICE, type WorkerMessage } from './worker-answer.js';

const TOO_MANY_ROWS_MESSAGE = `The file has more than ${UPLOAD_MAX_ROWS.toLocaleString('en-GB')} tenants. Split it into smaller files.`;

const send = (message: WorkerMessage) => parentPort!.postMessage(message);

async function checkFile(input: SpreadsheetInput): Promise<WorkerMessage> {
  let checker: RowChecker | null = null;
  const sendValid = () => {
    const valid = checker!.takeValid();
    for (let start = 0; start < valid.length; start += VALID_ROWS_PER_SLICE) {
      send({
        kind: 'rows',
        slice: JSON.stringify(valid.slice(start, start + VALID_ROWS_PER_SLICE)),
      });
    }
  };
  for await (const chunk of await spreadsheetRowChunks(input)) {
    let first = 0;
    if (!checker) {
      const made = RowChecker.forHeader(chunk[0]);
      if (typeof made === 'string') return { kind: 'file-error', message: made };
      checker = made;
      first = 1;
    }
    for (let index = first; index < chunk.length; index += 1) {
      checker.check(chunk[index]!);
      if (checker.totalRows > UPLOAD_MAX_ROWS) {
        return { kind: 'file-error', message: TOO_MANY_ROWS_MESSAGE };
      }
      if (checker.pendingValid >= VALID_ROWS_PER_SLICE) sendValid();
    }
  }
  if (!checker) return { kind: 'file-error', message: NO_HEADER_MESSAGE };
  sendValid();
  return { kind: 'end', errors: checker.errors, totalRows: checker.totalRows };
}

// Started ahead of its file (read-spreadsheet.ts keeps one ready): it reads the one file it is
// sent, then is ended.
send({ kind: 'loaded' });
parentPort!.once('message', async (input: SpreadsheetInput) => {
  try {
    send(await checkFile(input));
  } catch (error) {
    send({
      kind: 'file-error',
      message: error instanceof SpreadsheetError ? error.message : 'The file could not be read.',
    });
  }
});
