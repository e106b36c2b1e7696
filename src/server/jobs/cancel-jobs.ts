import type { Clock } from '../lib/clock.js';
import type { JobExecutor } from './job-types.js';

/**
 * Cancels the jobs with this cancel key that have not started (e.g. a link's reminders once it is
 * paid). A job already running is left to finish: its handler re-checks the state it acts on.
 * Returns how many jobs were cancelled. Takes a transaction so it commits with the change it
 * follows from.
 */
export async function cancelJobs(
  db: JobExecutor,
  cancelKey: string,
  clock: Clock,
): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'cancelled', updated_at: clock.now() })
    .where('cancel_key', '=', cancelKey)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
