import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';

/**
 * Puts a dead job back in the queue to run now with a fresh set of attempts (the admin fixed the
 * cause, e.g. a provider setting). last_error is kept until the next attempt replaces it.
 * Returns false when the job does not exist or is not dead.
 */
export async function retryDeadJob(
  db: Kysely<Database>,
  id: number,
  clock: Clock,
): Promise<boolean> {
  const now = clock.now();
  const result = await db
    .updateTable('jobs')
    .set({ status: 'queued', run_at: now, attempts: 0, locked_until: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'dead')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
