import type { AppContext } from '../context.js';
import { claimJobs } from './claim-jobs.js';
import type { JobHandlers, JobResult } from './job-types.js';
import type { RetryPolicy } from './retry-backoff.js';
import { runClaimedJob } from './run-claimed-job.js';

export const DEFAULT_LEASE_MS = 60_000;

export interface RunDueJobsOptions {
  workerId: string;
  /** At most this many jobs are claimed and run side by side. */
  limit: number;
  leaseMs?: number;
  retry?: RetryPolicy;
}

/**
 * One round of the worker: claim what is due, run it, record the results. Tests drive the queue
 * with this and a manual clock instead of waiting on the polling loop's timers.
 */
export async function runDueJobs(
  ctx: AppContext,
  handlers: JobHandlers,
  options: RunDueJobsOptions,
): Promise<JobResult[]> {
  const jobs = await claimJobs(ctx, {
    workerId: options.workerId,
    limit: options.limit,
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
  });
  return Promise.all(jobs.map((job) => runClaimedJob(ctx, handlers, job, options.retry)));
}
