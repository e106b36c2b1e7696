import type { Clock } from '../lib/clock.js';
import { DEFAULT_MAX_ATTEMPTS, type NewJob } from './enqueue-job.js';
import type { JobExecutor } from './job-types.js';

/** 9 columns a row: keeps one insert well under SQLite's 32,766 bound parameters. */
const ROWS_PER_INSERT = 500;

/**
 * enqueueJob for many jobs at once, for batches (a month's arrears spreadsheet queues thousands):
 * multi-row inserts instead of one round trip per job. Same rules: inside the caller's
 * transaction when given one, and a taken idempotency key is skipped.
 */
export async function enqueueJobs(db: JobExecutor, jobs: NewJob[], clock: Clock): Promise<void> {
  const now = clock.now();
  for (let start = 0; start < jobs.length; start += ROWS_PER_INSERT) {
    const rows = jobs.slice(start, start + ROWS_PER_INSERT).map((job) => {
      const payload = JSON.stringify(job.payload);
      if (payload === undefined) throw new TypeError(`Job ${job.kind}: payload is not JSON`);
      return {
        kind: job.kind,
        payload,
        status: 'queued' as const,
        run_at: job.runAt ?? now,
        max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        idempotency_key: job.idempotencyKey ?? null,
        cancel_key: job.cancelKey ?? null,
        created_at: now,
        updated_at: now,
      };
    });
    await db
      .insertInto('jobs')
      .values(rows)
      .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
      .execute();
  }
}
