import type { AppContext } from '../context.js';
import { isStillClaimed } from './claim-jobs.js';
import { DeferJob } from './defer-job.js';
import { describeJobError } from './describe-job-error.js';
import type { ClaimedJob, JobOutcome } from './job-types.js';
import { PermanentJobError } from './permanent-job-error.js';
import { defaultRetryPolicy, type RetryPolicy, retryDelayMs } from './retry-backoff.js';

/**
 * Records a failed attempt: back to `queued` with a backed-off run_at, or `dead` when the error
 * is permanent or the attempts are used up. Dead jobs stay in the table for the admin to see and
 * retry. Returns 'lease-lost' when another worker has taken the job meanwhile.
 */
export async function failJob(
  ctx: AppContext,
  job: ClaimedJob,
  error: unknown,
  policy: RetryPolicy = defaultRetryPolicy,
): Promise<Exclude<JobOutcome, 'done'>> {
  const now = ctx.clock.now();
  if (error instanceof DeferJob) return deferJob(ctx, job, error, now);
  const isDead = error instanceof PermanentJobError || job.attempts >= job.max_attempts;
  const result = await ctx.db
    .updateTable('jobs')
    .set({
      status: isDead ? 'dead' : 'queued',
      run_at: isDead ? job.run_at : now + retryDelayMs(job.attempts, policy),
      locked_until: null,
      last_error: describeJobError(error),
      updated_at: now,
    })
    .where(isStillClaimed(job))
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return 'lease-lost';
  return isDead ? 'dead' : 'retry';
}

async function deferJob(
  ctx: AppContext,
  job: ClaimedJob,
  deferral: DeferJob,
  now: number,
): Promise<'retry' | 'lease-lost'> {
  const result = await ctx.db
    .updateTable('jobs')
    .set({
      status: 'queued',
      run_at: Math.max(deferral.runAt, now),
      // The claim counted an attempt that never ran.
      attempts: Math.max(0, job.attempts - 1),
      locked_until: null,
      last_error: describeJobError(deferral),
      updated_at: now,
    })
    .where(isStillClaimed(job))
    .executeTakeFirst();
  return result.numUpdatedRows === 0n ? 'lease-lost' : 'retry';
}
