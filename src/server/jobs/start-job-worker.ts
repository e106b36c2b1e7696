import { hostname } from 'node:os';
import type { AppContext } from '../context.js';
import { randomToken } from '../lib/ids.js';
import { claimJobs } from './claim-jobs.js';
import type { ClaimedJob, JobHandlers, JobResult } from './job-types.js';
import type { RetryPolicy } from './retry-backoff.js';
import { runClaimedJob } from './run-claimed-job.js';
import { DEFAULT_LEASE_MS } from './run-due-jobs.js';

const ABANDONED_CHECK_MS = 1_000;

export interface JobWorkerOptions {
  /** Written to locked_by; unique per process so leases from different workers never match. */
  workerId?: string;
  /**
   * Jobs run side by side at most (16 by default: enough to keep the SMTP pool's five
   * connections and Twilio busy while others wait on the database).
   */
  concurrency?: number;
  /** How long to wait before looking again when nothing was due. */
  pollMs?: number;
  /** Longer than any handler should take: past it the job counts as abandoned. */
  leaseMs?: number;
  retry?: RetryPolicy;
  /** The database failed while claiming or recording (the jobs' own errors go to last_error). */
  onError?: (error: unknown) => void;
  onResult?: (result: JobResult) => void;
}

export interface JobWorker {
  readonly workerId: string;
  /** Stops claiming and resolves once the jobs in flight have finished and been recorded. */
  stop(): Promise<void>;
}

/**
 * The polling loop: claims as many due jobs as it has free slots, runs them, and claims again at
 * once while the queue keeps filling every slot; otherwise it sleeps until the poll interval
 * passes or a slot frees up.
 */
export function startJobWorker(
  ctx: AppContext,
  handlers: JobHandlers,
  options: JobWorkerOptions = {},
): JobWorker {
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomToken(6)}`;
  const concurrency = options.concurrency ?? 16;
  const minClaim = Math.max(1, Math.floor(concurrency / 4));
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const onError = options.onError ?? (() => {});
  const inFlight = new Set<Promise<void>>();
  // Abandoned jobs are looked for at most this often: a job counts as abandoned only a whole
  // lease after its worker stopped, and the look is a statement of its own on every claim.
  const abandonedCheckMs = Math.min(ABANDONED_CHECK_MS, leaseMs);
  let abandonedCheckedAt = Number.NEGATIVE_INFINITY;
  const waker = createWaker();
  let isStopping = false;

  const start = (job: ClaimedJob) => {
    const running: Promise<void> = runClaimedJob(ctx, handlers, job, options.retry)
      .then((result) => options.onResult?.(result))
      .catch(onError)
      .finally(() => {
        inFlight.delete(running);
        waker.wake();
      });
    inFlight.add(running);
  };

  const loop = async () => {
    while (!isStopping) {
      const free = concurrency - inFlight.size;
      let isEveryFreeSlotFilled = false;
      // Claim in handfuls rather than one job per finished job: each claim is a write, and a
      // backlog of thousands otherwise costs one claim per job.
      if (free >= minClaim || (free > 0 && inFlight.size === 0)) {
        try {
          const now = ctx.clock.now();
          const includeAbandoned = now - abandonedCheckedAt >= abandonedCheckMs;
          if (includeAbandoned) abandonedCheckedAt = now;
          const jobs = await claimJobs(ctx, { workerId, limit: free, leaseMs, includeAbandoned });
          for (const job of jobs) start(job);
          isEveryFreeSlotFilled = jobs.length === free;
        } catch (error) {
          onError(error);
        }
      }
      // A full claim means more may be due; the next turn finds no free slot and waits for one.
      if (!isEveryFreeSlotFilled && !isStopping) await waker.sleep(pollMs);
    }
  };
  const looping = loop();

  return {
    workerId,
    async stop() {
      isStopping = true;
      waker.wake();
      await looping;
      await Promise.allSettled([...inFlight]);
    },
  };
}

/** A sleep that a finished job or stop() can cut short; a wake while awake is not lost. */
function createWaker() {
  let isPending = false;
  let resolveSleep: (() => void) | undefined;
  return {
    sleep(ms: number): Promise<void> {
      if (isPending) {
        isPending = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        // unref: a sleeping worker alone must not keep a process alive that is meant to exit.
        const timer = setTimeout(done, ms).unref();
        function done() {
          clearTimeout(timer);
          resolveSleep = undefined;
          resolve();
        }
        resolveSleep = done;
      });
    },
    wake() {
      if (resolveSleep) resolveSleep();
      else isPending = true;
    },
  };
}
