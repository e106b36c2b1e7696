import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Runs in a worker thread with connections of its own, so neither the copy nor the check holds
 * the web server's thread. The copy is SQLite's online backup API (better-sqlite3's backup()),
 * asked to copy every page in one step: one step reads one snapshot, so the copy is consistent
 * while the server goes on writing (in WAL mode a reader never blocks the writer), where steps of
 * 100 pages would start again after every commit of another connection. The copy is then made a
 * single self-contained file (rollback journal rather than WAL) and checked.
 */
const COPY_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
async function run() {
  if (workerData.source) {
    const source = new Database(workerData.source, { fileMustExist: true });
    try {
      await source.backup(workerData.destination, { progress: () => 0x7fffffff });
    } finally {
      source.close();
    }
  }
  const copy = new Database(workerData.destination, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const problems = copy
      .pragma('integrity_check')
      .map((row) => row.integrity_check)
      .filter((line) => line !== 'ok');
    const isPortal = copy
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get() !== undefined;
    return { problems, isPortal };
  } finally {
    copy.close();
  }
}
run().then(
  (result) => parentPort.postMessage({ result }),
  (error) => parentPort.postMessage({ error: String(error && error.message || error) }),
);
`;

export interface SqliteCheck {
  /** What `PRAGMA integrity_check` reported other than "ok": empty when the file is sound. */
  problems: string[];
  /** The file holds the portal's migrations table, so it is a portal database. */
  isPortal: boolean;
}

function runInWorker(workerData: { source?: string; destination: string }): Promise<SqliteCheck> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  return new Promise((resolve, reject) => {
    const worker = new Worker(COPY_SOURCE, { eval: true, workerData: { ...workerData, driver } });
    worker.once('message', (message: { result?: SqliteCheck; error?: string }) => {
      if (message.result) resolve(message.result);
      else reject(new Error(message.error ?? 'the copy failed'));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the copy stopped (exit code ${code})`)));
  });
}

/** Copies a live SQLite database to `destination` (a new file) and checks the copy. */
export function copySqliteDatabase(source: string, destination: string): Promise<SqliteCheck> {
  return runInWorker({ source, destination });
}

/** Checks a SQLite file that no one else has open (a backup about to be restored). */
export function checkSqliteFile(file: string): Promise<SqliteCheck> {
  return runInWorker({ destination: file });
}
