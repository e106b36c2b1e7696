import type { AppContext } from '../../context.js';
import { type BackupRecord, STALE_BACKUP_MS, takeBackup } from './take-backup.js';

const HOUR_MS = 3_600_000;

/**
 * Housekeeping's backup: on SQLite, one every BACKUP_INTERVAL_HOURS (0: never). Due is read from
 * the `backups` table rather than a timer, so a restart neither skips nor repeats one, and only
 * one of several processes on the same file takes it. After a failure the next try is an hour
 * later (or the interval, if shorter), not every minute.
 */
export async function backUpIfDue(ctx: AppContext): Promise<BackupRecord | null> {
  const { intervalHours } = ctx.config.backups;
  if (ctx.engine !== 'sqlite' || intervalHours === 0) return null;
  const now = ctx.clock.now();
  await ctx.db
    .updateTable('backups')
    .set({ status: 'failed', finished_at: now, error: 'interrupted: the process stopped' })
    .where('status', '=', 'running')
    .where('started_at', '<', now - STALE_BACKUP_MS)
    .execute();
  const intervalMs = intervalHours * HOUR_MS;
  return takeBackup(ctx, 'schedule', {
    successAfter: now - intervalMs,
    attemptAfter: now - Math.min(intervalMs, HOUR_MS),
  });
}
