import type { Clock } from '../lib/clock.js';
import type { JobExecutor } from './job-types.js';

export const DEFAULT_MAX_ATTEMPTS = 8;

export interface NewJob {
  kind: string;
  /** Anything JSON can hold; stored as JSON text. */
  payload: unknown;
  /** Epoch ms; now when absent. */
  runAt?: number;
  maxAttempts?: number;
  /** A second enqueue with the same key is a no-op (e.g. one "send link" job per link). */
  idempotencyKey?: string;
  /** Jobs sharing this key can be cancelled together (e.g. a link's pending reminders). */
  cancelKey?: string;
}

/**
 * Adds a job, inside the caller's transaction when given one, so the job exists exactly when the
 * data that caused it does. Returns the job's id; with an idempotency key that is already taken,
 * the existing job's id (whatever its status: the key means "this work is already accounted for").
 */
export async function enqueueJob(db: JobExecutor, job: NewJob, clock: Clock): Promise<number> {
  const payload = JSON.stringify(job.payload);
  if (payload === undefined) throw new TypeError(`Job ${job.kind}: payload is not JSON`);
  const now = clock.now();
  // ON CONFLICT DO NOTHING rather than select-then-insert: two transactions enqueueing the same
  // key at once cannot both insert, on either engine.
  const inserted = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      payload,
      status: 'queued',
      run_at: job.runAt ?? now,
      max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      idempotency_key: job.idempotencyKey ?? null,
      cancel_key: job.cancelKey ?? null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;

  const existing = await db
    .selectFrom('jobs')
    .select('id')
    .where('idempotency_key', '=', job.idempotencyKey ?? null)
    .executeTakeFirstOrThrow();
  return existing.id;
}
