import type { Clock } from '../lib/clock.js';
import type { JobExecutor } from './job-types.js';

/** Keys per statement: a day's links expiring together can be more than one statement may bind. */
const KEYS_PER_STATEMENT = 500;

/**
 * Cancels the jobs with these cancel keys that have not started (e.g. a link's reminders once it
 * is paid). A job already running is left to finish: its handler re-checks the state it acts on.
 * Returns how many jobs were cancelled. Takes a transaction so it commits with the change it
 * follows from.
 */
export async function cancelJobs(
  db: JobExecutor,
  cancelKeys: readonly string[],
  clock: Clock,
): Promise<number> {
  let cancelled = 0;
  for (let start = 0; start < cancelKeys.length; start += KEYS_PER_STATEMENT) {
    const result = await db
      .updateTable('jobs')
      .set({ status: 'cancelled', updated_at: clock.now() })
      .where('cancel_key', 'in', cancelKeys.slice(start, start + KEYS_PER_STATEMENT))
      .where('status', '=', 'queued')
      .executeTakeFirst();
    cancelled += Number(result.numUpdatedRows);
  }
  return cancelled;
}
