import { on } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { ColumnMapping } from '../../../shared/upload.js';
import { INVALID_FILE_TYPE_MESSAGE } from '../../../shared/upload.js';
import { AppError } from '../../lib/errors.js';
import { checkXlsxZip } from './check-xlsx-zip.js';
import type { SpreadsheetKind } from './parse-spreadsheet.js';
import type { MappingReply, WorkerInput, WorkerMessage } from './spreadsheet-worker.js';

/** Long enough for 50,000 rows on a slow machine; a file that takes longer is refused. */
const PARSE_TIME_LIMIT_MS = 20_000;
/**
 * The worker's heap: a file that needs more is refused rather than taking the server down. A
 * 50,000-row workbook needs about 200 MB; the scan of its parts refuses much bigger ones first.
 */
const WORKER_HEAP_MB = 320;
/** Uploads that may wait for the one spreadsheet read at a time; more are told to come back. */
const MAX_WAITING = 3;
export const BUSY_MESSAGE =
  'Other spreadsheets are being read just now. Please try again in a minute.';

const UNREADABLE_MESSAGE = 'The file could not be read.';
const TOO_SLOW_MESSAGE = 'The file took too long to read. Save it as CSV and upload that.';
const TOO_LARGE_MESSAGE = 'The file is too large to read. Save it as CSV and upload that.';

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
  throw new AppError('UNSUPPORTED_TYPE', INVALID_FILE_TYPE_MESSAGE);
}

export type SpreadsheetEvent = Extract<WorkerMessage, { kind: 'columns' | 'rows' | 'end' }>;

/** The columns' side of an upload: the clerk's mapping, and where mappings are remembered. */
export interface ColumnOptions {
  /** Sent with this upload; remembered for the file's header row once it is used. */
  mapping: ColumnMapping | null;
  /** The mapping remembered for a header row, asked only when a required column is missing. */
  findMapping: (headings: string[]) => Promise<ColumnMapping | null>;
  rememberMapping: (headings: string[], mapping: ColumnMapping) => Promise<void>;
}

/**
 * Parses the file and checks its rows (validate-rows.ts) in a worker thread of its own, so the
 * web server's event loop runs neither: the columns read, then the valid rows a slice at a time
 * as they are checked, then the end with the rejected rows. A problem with the file as a whole is a 400 naming it,
 * thrown before any rows; a worker that crashes or runs past the time limit is a 400 at whatever
 * point it happens. An .xlsx's zip directory is checked first (check-xlsx-zip.ts), so SheetJS
 * never inflates a bomb. Files are read one at a time per process (`takeTurn`). Stopping early
 * (`return()`) stops the worker.
 */
export async function* readSpreadsheet(
  kind: SpreadsheetKind,
  bytes: Buffer,
  columns?: ColumnOptions,
): AsyncGenerator<SpreadsheetEvent, void, undefined> {
  if (kind === 'xlsx') {
    const problem = await checkXlsxZip(bytes);
    if (problem) throw new AppError('INVALID_REQUEST', problem);
  }
  const release = await takeTurn();
  let worker: Worker;
  try {
    worker = startWorker({ kind, bytes, mapping: columns?.mapping ?? null });
  } catch (error) {
    release();
    throw error;
  }
  // The turn ends when the worker has gone, its memory with it.
  worker.once('exit', release);
  // The limit is the worker's own: it stops counting once the last message is in, however long
  // the writing of the rows takes.
  let isTooSlow = false;
  const timer = setTimeout(() => {
    isTooSlow = true;
    void worker.terminate();
  }, PARSE_TIME_LIMIT_MS);
  worker.on('message', (message: WorkerMessage) => {
    if (message.kind === 'end' || message.kind === 'file-error') clearTimeout(timer);
  });
  try {
    for await (const [message] of on(worker, 'message', { close: ['exit'] })) {
      const event = message as WorkerMessage;
      if (event.kind === 'file-error') {
        const { message: text, kind: _kind, headings, sheet, ...more } = event;
        const body = headings ? { headings, ...more, ...(sheet ? { sheet } : {}) } : undefined;
        throw new AppError('INVALID_REQUEST', text, body ? { body } : undefined);
      }
      if (event.kind === 'needs-mapping') {
        const reply: MappingReply = {
          mapping: (await columns?.findMapping(event.headings)) ?? null,
        };
        worker.postMessage(reply);
        continue;
      }
      if (event.kind === 'columns' && event.mapping) {
        await columns?.rememberMapping(event.headings, event.mapping);
      }
      yield event;
      if (event.kind === 'end') return;
    }
    throw new AppError('INVALID_REQUEST', isTooSlow ? TOO_SLOW_MESSAGE : UNREADABLE_MESSAGE);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const isOutOfMemory = error instanceof Error && /memory/i.test(error.message);
    throw new AppError('INVALID_REQUEST', isOutOfMemory ? TOO_LARGE_MESSAGE : UNREADABLE_MESSAGE);
  } finally {
    clearTimeout(timer);
    void worker.terminate();
  }
}

let isReading = false;
const waiting: (() => void)[] = [];

/**
 * One spreadsheet is read at a time in this process (issue 30): a hostile file's memory is then
 * paid once, not once per upload. Up to MAX_WAITING more wait their turn in order; past that an
 * upload is refused with 429. Resolves to the function that ends the turn.
 */
async function takeTurn(): Promise<() => void> {
  if (isReading) {
    if (waiting.length >= MAX_WAITING) {
      throw new AppError('LIMIT_EXCEEDED', BUSY_MESSAGE, { headers: { 'Retry-After': '30' } });
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  isReading = true;
  let isEnded = false;
  return () => {
    if (isEnded) return;
    isEnded = true;
    const next = waiting.shift();
    if (next) next();
    else isReading = false;
  };
}

/**
 * The worker, given its file: the compiled .js once built; under Vitest or tsx the .ts source,
 * started through a small bootstrap that registers tsx in the worker first.
 */
function startWorker(input: WorkerInput): Worker {
  const isSource = import.meta.url.endsWith('.ts');
  const url = new URL(`./spreadsheet-worker${isSource ? '.ts' : '.js'}`, import.meta.url);
  const options = { workerData: input, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } };
  if (!isSource) return new Worker(url, options);
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}
