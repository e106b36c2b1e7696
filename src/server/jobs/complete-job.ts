import type { AppContext } from '../context.js';
import { isStillClaimed } from './claim-jobs.js';
import type { ClaimedJob } from './job-types.js';

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
