import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { checkSqliteFile } from './copy-sqlite.js';

/** A restore that was not done, with the reason for the operator. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

/**
 * Holds an exclusive lock on the database file, or returns null when another process has it
 * open. Every connection to a WAL database keeps a shared lock on the file for as long as it is
 * open, so while any web server or worker runs this is refused. These are the operating
 * system's own file locks, dropped when a process ends however it ends, so a crash leaves
 * nothing stale behind (as a pid file would). They are not reliable on network file systems,
 * where SQLite should not live anyway.
 */
export function lockUnusedDatabase(file: string): SQLite.Database | null {
  const db = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('begin exclusive');
    db.exec('commit');
    return db;
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return null;
    throw error;
  }
}

/**
 * A backup records itself as running before it copies, so the copy holds that row: once it is
 * the restored database, the row is settled as the good backup it turned out to be.
 */
async function settleOwnRecord(file: string, backupName: string, sizeBytes: number) {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    const hasTable = db
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'backups'")
      .get();
    if (!hasTable) return;
    db.prepare(
      `update backups set status = 'ok', finished_at = started_at, size_bytes = ?
        where file = ? and status = 'running'`,
    ).run(sizeBytes, backupName);
  } finally {
    db.close();
  }
}

async function moveAside(file: string, to: string): Promise<void> {
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(file + suffix)) await rename(file + suffix, to + suffix);
  }
}

/**
 * Puts `backup` in place as DATA_DIR/portal.sqlite for a stopped portal. The backup is copied
 * next to the database and checked (integrity_check, and that it is a portal database) while the
 * live file stays locked, then swapped in by renames; the database it replaces is kept beside it
 * as portal.sqlite.before-restore-<time> for a change of mind. Migrations bring an older backup
 * up to date when the portal starts.
 */
export async function restoreBackup(options: {
  dataDir: string;
  backup: string;
  now?: Date;
}): Promise<{ database: string; previous: string | null }> {
  const backup = path.resolve(options.backup);
  if (!existsSync(backup)) throw new RestoreRefusedError(`No such file: ${backup}`);
  await mkdir(options.dataDir, { recursive: true });
  const database = path.resolve(options.dataDir, 'portal.sqlite');
  const hasDatabase = existsSync(database);
  const lock = hasDatabase ? lockUnusedDatabase(database) : null;
  if (hasDatabase && !lock) {
    throw new RestoreRefusedError(
      `The portal is running: ${database} is open in another process. Stop the web server and every worker first.`,
    );
  }
  const staging = `${database}.restoring`;
  try {
    await copyFile(backup, staging);
    const check = await checkSqliteFile(staging).catch((error: unknown) => {
      throw new RestoreRefusedError(`${backup} is not a readable SQLite database (${error}).`);
    });
    if (check.problems.length > 0) {
      throw new RestoreRefusedError(
        `${backup} fails its integrity check: ${check.problems.slice(0, 5).join('; ')}`,
      );
    }
    if (!check.isPortal) throw new RestoreRefusedError(`${backup} is not a portal database.`);
    await settleOwnRecord(staging, path.basename(backup), (await stat(backup)).size);
  } catch (error) {
    lock?.close();
    await rm(staging, { force: true });
    throw error;
  }
  // Closing the last connection folds any write-ahead log into the old file before it moves.
  lock?.close();
  const stamp = (options.now ?? new Date()).toISOString().replace(/[-:]/g, '').slice(0, 15);
  const previous = hasDatabase ? `${database}.before-restore-${stamp}` : null;
  if (previous) await moveAside(database, previous);
  await rename(staging, database);
  return { database, previous };
}
