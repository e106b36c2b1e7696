import { chmod, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { BackupsTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { copySqliteDatabase } from './copy-sqlite.js';

export type BackupDeps = Pick<AppContext, 'config' | 'db' | 'engine' | 'clock'>;
export type BackupRecord = BackupsTable & { path: string };

const HOUR_MS = 3_600_000;
/** A backup still "running" after this long belonged to a process that died. */
export const STALE_BACKUP_MS = HOUR_MS;

export function backupsDir(config: AppContext['config']): string {
  return path.join(config.dataDir, 'backups');
}

/** The SQLite file behind the connection ('' in memory), or null on PostgreSQL. */
export async function sqliteFileOf(deps: Pick<AppContext, 'db' | 'engine'>) {
  if (deps.engine !== 'sqlite') return null;
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(deps.db);
  return rows.find((row) => row.name === 'main')?.file ?? '';
}

function fileNameAt(ms: number, id: string): string {
  const stamp = new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `portal-${stamp}-${id.slice(-6)}.sqlite`;
}

/**
 * Records a backup as running, unless `dueAfter` is given and one that counts was started after
 * it (schedule.ts). One statement, so two processes deciding at once record one backup.
 */
async function claimBackup(
  deps: BackupDeps,
  row: { id: string; file: string; takenBy: string; now: number },
  due?: { successAfter: number; attemptAfter: number },
): Promise<boolean> {
  const guard = due
    ? sql`where not exists (select 1 from backups where started_at > ${due.attemptAfter}
        or (started_at > ${due.successAfter} and status <> 'failed'))`
    : sql``;
  const result = await sql`insert into backups (id, file, taken_by, status, started_at)
    select ${row.id}, ${row.file}, ${row.takenBy}, 'running', ${row.now} ${guard}`.execute(deps.db);
  return Number(result.numAffectedRows ?? 0n) > 0;
}

/**
 * Takes one online backup of the SQLite database into DATA_DIR/backups: copied with SQLite's
 * backup API, checked with integrity_check, recorded (size, time) in `backups`, and then only
 * the newest BACKUP_KEEP good ones are kept. Returns null when `due` says none is due (or on an
 * in-memory database); a failed copy or check is recorded as failed and thrown.
 */
export async function takeBackup(
  deps: BackupDeps,
  takenBy: 'schedule' | 'command',
  due?: { successAfter: number; attemptAfter: number },
): Promise<BackupRecord | null> {
  const source = await sqliteFileOf(deps);
  if (!source) return null;
  const dir = backupsDir(deps.config);
  const id = newId();
  const now = deps.clock.now();
  const file = fileNameAt(now, id);
  if (!(await claimBackup(deps, { id, file, takenBy, now }, due))) return null;

  const target = path.join(dir, file);
  const partial = `${target}.partial`;
  try {
    // Backups hold leaseholders' personal data: readable by the portal's own user only.
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const check = await copySqliteDatabase(source, partial);
    if (check.problems.length > 0) {
      throw new Error(`integrity_check: ${check.problems.slice(0, 5).join('; ')}`);
    }
    await chmod(partial, 0o600);
    await rename(partial, target);
    const { size } = await stat(target);
    const done = { status: 'ok' as const, finished_at: deps.clock.now(), size_bytes: size };
    await deps.db.updateTable('backups').set(done).where('id', '=', id).execute();
    await pruneBackups(deps, dir);
    return { id, file, taken_by: takenBy, started_at: now, error: null, ...done, path: target };
  } catch (error) {
    await rm(partial, { force: true });
    const message = error instanceof Error ? error.message : String(error);
    await deps.db
      .updateTable('backups')
      .set({ status: 'failed', finished_at: deps.clock.now(), error: message.slice(0, 1000) })
      .where('id', '=', id)
      .execute();
    throw error;
  }
}

/**
 * Deletes every backup (file and row) older than the newest BACKUP_KEEP good ones. Failed and
 * interrupted attempts newer than that stay listed, for the System page.
 */
async function pruneBackups(deps: BackupDeps, dir: string): Promise<void> {
  const oldestKept = await deps.db
    .selectFrom('backups')
    .select('started_at')
    .where('status', '=', 'ok')
    .orderBy('started_at', 'desc')
    .offset(deps.config.backups.keep - 1)
    .limit(1)
    .executeTakeFirst();
  if (!oldestKept) return;
  const old = await deps.db
    .selectFrom('backups')
    .select(['id', 'file'])
    .where('started_at', '<', oldestKept.started_at)
    .where('status', '<>', 'running')
    .execute();
  for (const row of old) {
    await rm(path.join(dir, row.file), { force: true });
    await deps.db.deleteFrom('backups').where('id', '=', row.id).execute();
  }
}
