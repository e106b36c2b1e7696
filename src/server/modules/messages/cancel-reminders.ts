import type { AppContext } from '../../context.js';
import { cancelJobs } from '../../jobs/cancel-jobs.js';
import { remindersCancelKey } from './job-kinds.js';

/**
 * Cancels the reminders of one link or several that have not run yet: call it when a link is
 * paid, renewed or expired, in the same transaction (`{ ...ctx, db: trx }`). A reminder already
 * running re-checks the link itself, and a reminder message already queued is cancelled when its
 * send job finds the link closed. Returns how many reminder jobs were cancelled.
 */
export function cancelReminders(
  ctx: AppContext,
  linkIds: string | readonly string[],
): Promise<number> {
  const ids = typeof linkIds === 'string' ? [linkIds] : linkIds;
  return cancelJobs(ctx.db, ids.map(remindersCancelKey), ctx.clock);
}
