import type { AppContext } from '../context.js';
import { completeJob } from './complete-job.js';
import { failJob } from './fail-job.js';
import type { ClaimedJob, JobHandlers, JobResult } from './job-types.js';
import { PermanentJobError } from './permanent-job-error.js';
import type { RetryPolicy } from './retry-backoff.js';

/** Runs one claimed job through its handler and records how it went. Never throws for the job. */
export async function runClaimedJob(
  ctx: AppContext,
  handlers: JobHandlers,
  job: ClaimedJob,
  policy?: RetryPolicy,
): Promise<JobResult> {
  const result = (outcome: JobResult['outcome']): JobResult => ({
    id: job.id,
    kind: job.kind,
    outcome,
  });
  try {
    // Claimed again after its lease ran out on the last attempt: the worker probably died
    // running it, and running it once more could kill this one too.
    if (job.attempts > job.max_attempts) {
      throw new PermanentJobError('the worker stopped during the last attempt (lease expired)');
    }
    // An unknown kind is retried, not killed: during a rolling deploy an older worker can claim
    // a kind only the newer release knows, and a later attempt may land on a newer worker.
    const handler = Object.hasOwn(handlers, job.kind) ? handlers[job.kind] : undefined;
    if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
    const completion = await handler(parsePayload(job), ctx, job);
    if (completion === 'completed') return result('done');
    if (completion === 'lease-lost') return result('lease-lost');
  } catch (error) {
    return result(await failJob(ctx, job, error, policy));
  }
  return result((await completeJob(ctx, job)) ? 'done' : 'lease-lost');
}

function parsePayload(job: ClaimedJob): unknown {
  try {
    return JSON.parse(job.payload);
  } catch (error) {
    throw new PermanentJobError('the payload is not valid JSON', { cause: error });
  }
}
