import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AppContext } from '../context.js';
import type { Database, JobsTable } from '../db/schema.js';

/** A row of the jobs table as read back. */
export type Job = Selectable<JobsTable>;

/** A job this worker holds the lease on: the claim always sets both fields. */
export type ClaimedJob = Job & { locked_by: string; locked_until: number };

/**
 * Where a job may be written: the caller's transaction, so the job commits or rolls back with the
 * data that caused it (ARCHITECTURE section 5, transactional outbox), or the database itself.
 */
export type JobExecutor = Kysely<Database> | Transaction<Database>;

/**
 * Runs one job. The payload is the parsed JSON, still unchecked: a handler validates it (zod),
 * because a job written by an older release may not have the shape this code expects.
 * Throw PermanentJobError when a retry cannot help; any other error is retried with backoff.
 * A job may run more than once (a worker that dies mid-job), so handlers must be idempotent.
 * A handler that marks its job done itself, in the transaction of its last write (see
 * completeJobWithin), returns what that said; otherwise the worker marks it done afterwards.
 */
export type JobHandler = (
  payload: unknown,
  ctx: AppContext,
  job: Job,
  // biome-ignore lint/suspicious/noConfusingVoidType: most handlers are plain async functions (Promise<void>).
) => Promise<void | HandlerCompletion>;

/** The job was marked done in the handler's own transaction, or its claim had been lost. */
export type HandlerCompletion = 'completed' | 'lease-lost';

/** Handlers by job kind, passed to the worker explicitly: no global registry to leak between tests. */
export type JobHandlers = Readonly<Record<string, JobHandler>>;

export type JobOutcome = 'done' | 'retry' | 'dead' | 'lease-lost';

export interface JobResult {
  id: number;
  kind: string;
  outcome: JobOutcome;
}
