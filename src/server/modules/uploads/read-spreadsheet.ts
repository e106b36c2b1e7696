import { setImmediate } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { INVALID_FILE_TYPE_MESSAGE } from '../../../shared/upload.js';
import { AppError } from '../../lib/errors.js';
import { checkXlsxZip } from './check-xlsx-zip.js';
import type { SpreadsheetInput, SpreadsheetKind } from './parse-spreadsheet.js';
import type { CheckedRows, ValidRow } from './validate-rows.js';
import type { WorkerAnswer } from './worker-answer.js';

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
 * The worker next to this file: the compiled .js once built; under Vitest or tsx the .ts source,
 * started through a small bootstrap that registers tsx in the worker first.
 */
function startWorker(workerData: SpreadsheetInput): Worker {
  const isSource = import.meta.url.endsWith('.ts');
  const url = new URL(`./spreadsheet-worker${isSource ? '.ts' : '.js'}`, import.meta.url);
  const options = { workerData, resourceLimits: { maxOldGenerationSizeMb: 512 } };
  if (!isSource) return new Worker(url, options);
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/**
 * Parses the file and checks its rows in a worker thread with a time limit: the checked rows
 * (validate-rows.ts), or a 400 naming the problem. The web server's event loop runs neither.
 * One worker per file, started once the file is in (an idle worker kept ready was measured to
 * cost the web process about a tenth of its requests a second).
 */
export async function readSpreadsheet(kind: SpreadsheetKind, bytes: Buffer): Promise<CheckedRows> {
  if (kind === 'xlsx') {
    const problem = await checkXlsxZip(bytes);
    if (problem) throw new AppError(400, problem);
  }
  const worker = startWorker({ kind, bytes });
  return new Promise<CheckedRows>((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new AppError(400, 'The file took too long to read. Save it as CSV and upload that.'));
    }, PARSE_TIME_LIMIT_MS);
    worker.once('message', (answer: WorkerAnswer) => {
      clearTimeout(timer);
      void worker.terminate();
      if (answer.ok) resolve(withValidRows(answer.checked, answer.validSlices));
      else reject(new AppError(400, answer.message));
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(
        new AppError(
          400,
          /memory/i.test(error.message)
            ? 'The file is too large to read. Save it as CSV and upload that.'
            : 'The file could not be read.',
        ),
      );
    });
    // Ended without an answer: nothing more will come, so say so now rather than at the limit.
    // (After an answer or an error the promise is already settled and this changes nothing.)
    worker.once('exit', () => {
      clearTimeout(timer);
      reject(new AppError(400, 'The file could not be read.'));
    });
  });
}

/** The valid rows parsed back from the worker's slices, yielding to other requests between. */
async function withValidRows(checked: CheckedRows, slices: string[]): Promise<CheckedRows> {
  if (checked.kind !== 'rows') return checked;
  const valid: ValidRow[] = [];
  for (const slice of slices) {
    for (const row of JSON.parse(slice) as ValidRow[]) valid.push(row);
    await setImmediate();
  }
  return { ...checked, valid };
}
