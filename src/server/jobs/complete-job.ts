import type { AppContext } from '../context.js';
import { isStillClaimed } from './claim-jobs.js';
import type { ClaimedJob, HandlerCompletion, Job } from './job-types.js';

/**
 * Marks a claimed job done. Returns false when the claim was lost (the lease ran out and another
 * worker took the job): that worker's result stands. locked_by is kept to show who ran it.
 */
export async function completeJob(ctx: AppContext, job: ClaimedJob): Promise<boolean> {
  const result = await ctx.db
    .updateTable('jobs')
    .set({ status: 'done', locked_until: null, updated_at: ctx.clock.now() })
    .where(isStillClaimed(job))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * For a handler's last transaction: marks the job done together with the handler's own final
 * write, one commit instead of two. Returns undefined for a job this run does not hold a claim
 * on (a handler called directly), which the worker then treats as usual.
 */
export async function completeJobWithin(
  ctx: AppContext,
  job: Job,
): Promise<HandlerCompletion | undefined> {
  if (job.status !== 'running' || job.locked_by === null || job.locked_until === null) {
    return undefined;
  }
  const isCompleted = await completeJob(ctx, job as ClaimedJob);
  return isCompleted ? 'completed' : 'lease-lost';
}
