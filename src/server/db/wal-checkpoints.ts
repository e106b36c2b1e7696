import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface WalCheckpointOptions {
  /** How often the write-ahead log's size is looked at. */
  intervalMs?: number;
  /** A log this large, written to since the last checkpoint, is checkpointed. */
  thresholdBytes?: number;
  onError?: (error: unknown) => void;
}

export interface WalCheckpoints {
  /** Checkpoints now if the log is due (the timer does this by itself). */
  checkNow(): Promise<void>;
  /** Stops the timer and waits for a checkpoint under way. */
  stop(): Promise<void>;
}

/** Small enough that each checkpoint is short, large enough that they are rare. */
export const WAL_CHECKPOINT_BYTES = 16 * 1024 * 1024;

/**
 * Runs in the worker thread: its own connection, one PASSIVE checkpoint (never waits for or
 * blocks the web process's readers and writer: it copies what it can), then it closes. The main
 * connection stays open meanwhile, so closing this one never deletes or resets the log.
 */
const CHECKPOINT_SOURCE = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
try {
  db.pragma('wal_checkpoint(PASSIVE)');
} finally {
  db.close();
}
`;

/**
 * SQLite writes go to the write-ahead log; a checkpoint copies them into the database file. Left
 * to SQLite, the commit that takes the log past `wal_autocheckpoint` pages runs the checkpoint
 * itself, on the web server's only thread, and after a large upload no request is answered
 * until it ends. Here a short-lived worker thread checkpoints the log instead, once it holds
 * `thresholdBytes` written since the last checkpoint (the log's size, which
 * `journal_size_limit` cuts back below the threshold once a write starts it over), looked at
 * every `intervalMs`. The connection's own autocheckpoint stays as a backstop at a larger size
 * (create-database.ts) in case these fall behind.
 */
export function startWalCheckpoints(
  file: string,
  options: WalCheckpointOptions = {},
): WalCheckpoints {
  const intervalMs = options.intervalMs ?? 1000;
  const thresholdBytes = options.thresholdBytes ?? WAL_CHECKPOINT_BYTES;
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  let running: Promise<void> | null = null;
  // The log's modification time when the last checkpoint began: a log as large as the threshold
  // but untouched since then has nothing new to copy.
  let checkpointedAt = -1;

  const checkpoint = () =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(CHECKPOINT_SOURCE, { eval: true, workerData: { file, driver } });
      worker.once('error', reject);
      worker.once('exit', () => resolve());
    });

  async function checkNow(): Promise<void> {
    if (running) return running;
    let log: Awaited<ReturnType<typeof stat>>;
    try {
      log = await stat(`${file}-wal`);
    } catch {
      return; // No log yet (or the database was closed): nothing to checkpoint.
    }
    if (log.size < thresholdBytes || log.mtimeMs === checkpointedAt) return;
    if (running) return running;
    checkpointedAt = log.mtimeMs;
    running = checkpoint().finally(() => {
      running = null;
    });
    return running;
  }

  const timer = setInterval(() => {
    checkNow().catch((error: unknown) => options.onError?.(error));
  }, intervalMs);
  timer.unref();

  return {
    checkNow,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
