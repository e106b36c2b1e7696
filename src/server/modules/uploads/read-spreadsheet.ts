import { Worker } from 'node:worker_threads';
import { INVALID_FILE_TYPE_MESSAGE, type RowError } from '../../../shared/upload.js';
import { AppError } from '../../lib/errors.js';
import { checkXlsxZip } from './check-xlsx-zip.js';
import type { SpreadsheetInput, SpreadsheetKind } from './parse-spreadsheet.js';
import type { ValidRow } from './validate-rows.js';
import type { WorkerMessage } from './worker-answer.js';

/** Long enough for 50,000 rows on a slow machine; a file that takes longer is refused. */
const PARSE_TIME_LIMIT_MS = 20_000;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

function startsWith(bytes: Buffer, magic: number[]): boolean {
  return magic.every((byte, index) => bytes[index] === byte);
}

/**
 * What the file is, by its name and by its first bytes (spec section 5): an .xlsx is a zip, an
 * .xls an OLE compound file, a CSV text without NUL bytes. A name that lies is refused (415).
 */
export function sniffSpreadsheet(filename: string, bytes: Buffer): SpreadsheetKind {
  const extension = /\.([a-z]+)$/i.exec(filename)?.[1]?.toLowerCase();
  if (extension === 'xlsx' && startsWith(bytes, ZIP_MAGIC)) return 'xlsx';
  if (extension === 'xls' && startsWith(bytes, OLE_MAGIC)) return 'xls';
  if (extension === 'csv' && !startsWith(bytes, ZIP_MAGIC) && !startsWith(bytes, OLE_MAGIC)) {
    if (!bytes.subarray(0, 64 * 1024).includes(0)) return 'csv';
  }
  throw new AppError(415, INVALID_FILE_TYPE_MESSAGE);
}

/**
 * A new worker, its modules loaded, waiting for its one file (spreadsheet-worker.ts): the
 * compiled .js once built; under Vitest or tsx the .ts source, started through a small bootstrap
 * that registers tsx in the worker first.
 */
function startWorker(): Worker {
  const isSource = import.meta.url.endsWith('.ts');
  const url = new URL(`./spreadsheet-worker${isSource ? '.ts' : '.js'}`, import.meta.url);
  const options = { resourceLimits: { maxOldGenerationSizeMb: 512 } };
  if (!isSource) return new Worker(url, options);
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/**
 * One worker kept started for the next file: starting one and loading its modules takes a
 * sixth to a fifth of a second (a third while it loaded zod, see shared/upload-rules.ts), which
 * a 50,000-row upload would wait for before its first row. Each worker reads one file and is
 * ended, so a file that crashed or poisoned one leaves nothing behind; the next is started once
 * the upload before has finished reading. It does not keep the process
 * alive, and it is started again if it dies while waiting.
 */
let readyWorker: Worker | null = null;
let readyWorkerLoaded = Promise.resolve();

export function keepSpreadsheetWorkerReady(): void {
  if (readyWorker) return;
  const worker = startWorker();
  worker.unref();
  readyWorkerLoaded = new Promise((resolve) => {
    worker.once('message', () => resolve());
    worker.once('exit', () => {
      if (readyWorker === worker) readyWorker = null;
      resolve();
    });
  });
  // A worker that fails to start is dropped; the next upload starts its own.
  worker.once('error', () => {});
  readyWorker = worker;
}

/** Settles once the worker kept ready has loaded its modules (or died): tests wait for it. */
export function spreadsheetWorkerLoaded(): Promise<void> {
  return readyWorkerLoaded;
}

function takeWorker(input: SpreadsheetInput): Worker {
  const worker = readyWorker ?? startWorker();
  readyWorker = null;
  worker.ref();
  worker.postMessage(input);
  return worker;
}

export type SpreadsheetEvent =
  | { kind: 'rows'; rows: ValidRow[] }
  | { kind: 'end'; errors: RowError[]; totalRows: number };

const UNREADABLE_MESSAGE = 'The file could not be read.';

/**
 * Parses the file and checks its rows in a worker thread with a time limit: the valid rows a
 * slice at a time as the worker checks them, then the end with the rejected rows
 * (validate-rows.ts); a problem with the whole file is thrown as a 400 naming it, at whatever
 * point it is found. The web server's event loop runs neither. One worker per file (the one kept
 * ready, or a new one). Stopping early (`return()`) stops the worker.
 */
export async function* readSpreadsheet(
  kind: SpreadsheetKind,
  bytes: Buffer,
): AsyncGenerator<SpreadsheetEvent, void, undefined> {
  if (kind === 'xlsx') {
    const problem = await checkXlsxZip(bytes);
    if (problem) throw new AppError(400, problem);
  }
  const worker = takeWorker({ kind, bytes });
  const inbox = workerInbox(worker);
  try {
    for (;;) {
      const message = await inbox.next();
      if (message.kind === 'file-error') throw new AppError(400, message.message);
      if (message.kind === 'end') {
        yield message;
        return;
      }
      yield { kind: 'rows', rows: JSON.parse(message.slice) as ValidRow[] };
    }
  } finally {
    inbox.close();
    void worker.terminate();
    // Once this file is read, not while: the next worker's start would slow this one.
    setImmediate(keepSpreadsheetWorkerReady);
  }
}

/**
 * The worker's messages in order, kept until they are asked for (the rows wait while earlier
 * ones are written). The time limit is the worker's own: it stops once the worker's last message
 * is in, however long the writing takes. An error, a crash or the limit is thrown once the
 * messages before it have been taken.
 */
type FileMessage = Exclude<WorkerMessage, { kind: 'loaded' }>;

function workerInbox(worker: Worker) {
  const queue: FileMessage[] = [];
  let failure: AppError | null = null;
  let isFinished = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const fail = (error: AppError) => {
    clearTimeout(timer);
    if (!isFinished && !failure) failure = error;
    notify();
  };
  const timer = setTimeout(() => {
    fail(new AppError(400, 'The file took too long to read. Save it as CSV and upload that.'));
    void worker.terminate();
  }, PARSE_TIME_LIMIT_MS);
  worker.on('message', (message: WorkerMessage) => {
    if (message.kind === 'loaded') return;
    queue.push(message);
    if (message.kind !== 'rows') {
      isFinished = true;
      clearTimeout(timer);
    }
    notify();
  });
  worker.once('error', (error) =>
    fail(
      new AppError(
        400,
        /memory/i.test(error.message)
          ? 'The file is too large to read. Save it as CSV and upload that.'
          : UNREADABLE_MESSAGE,
      ),
    ),
  );
  // Ended without its last message: nothing more will come, so say so now, not at the limit.
  worker.once('exit', () => fail(new AppError(400, UNREADABLE_MESSAGE)));
  return {
    async next(): Promise<FileMessage> {
      for (;;) {
        const message = queue.shift();
        if (message) return message;
        if (failure) throw failure;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
    close() {
      clearTimeout(timer);
      worker.removeAllListeners();
    },
  };
}
