import { type ExpressionBuilder, sql } from 'kysely';
import type { AppContext } from '../context.js';
import type { Database } from '../db/schema.js';
import type { ClaimedJob } from './job-types.js';

export interface ClaimOptions {
  workerId: string;
  limit: number;
  /** How long the claim holds; past it the job is presumed abandoned and claimable again. */
  leaseMs: number;
  /**
   * false skips the look for abandoned jobs: a worker that looked a moment ago need not look on
   * every claim (a job is abandoned only a whole lease after its worker stopped).
   */
  includeAbandoned?: boolean;
}

/**
 * Takes up to `limit` due jobs for this worker: first running jobs whose lease ran out (their
 * worker died), then queued jobs whose time has come, oldest first. Each claim counts as an
 * attempt, so a job that keeps killing its worker still ends up dead.
 *
 * Two statements rather than one with an OR: each walks the (status, run_at) index in order and
 * stops at `limit`, where the OR made the database collect and sort every due job on each claim,
 * which grew with the backlog (10,000 queued emails made each claim sort 10,000 rows).
 *
 * PostgreSQL: the CTE locks the chosen rows FOR UPDATE SKIP LOCKED, so concurrent workers pass
 * over each other's rows instead of queueing behind them, and a CTE is evaluated once (an IN
 * subquery with LIMIT may be re-run by the planner and claim more than asked). SQLite serialises
 * writers, and a single UPDATE holds the write lock from start to end, so the same statement
 * without the locking clause is just as safe there.
 */
export async function claimJobs(ctx: AppContext, options: ClaimOptions): Promise<ClaimedJob[]> {
  const abandoned =
    options.includeAbandoned === false
      ? []
      : await claimWhere(ctx, options, options.limit, 'abandoned');
  const free = options.limit - abandoned.length;
  const due = free > 0 ? await claimWhere(ctx, options, free, 'due') : [];
  // RETURNING gives no order; run the oldest first, as claimed.
  return [...abandoned, ...due].sort((a, b) => a.run_at - b.run_at || a.id - b.id);
}

async function claimWhere(
  ctx: AppContext,
  options: ClaimOptions,
  limit: number,
  which: 'abandoned' | 'due',
): Promise<ClaimedJob[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .with('due', (with_) =>
      with_
        .selectFrom('jobs')
        .select('id')
        .$if(which === 'abandoned', (query) =>
          query.where('status', '=', 'running').where('locked_until', '<', now),
        )
        .$if(which === 'due', (query) =>
          query.where('status', '=', 'queued').where('run_at', '<=', now),
        )
        .orderBy('run_at')
        .orderBy('id')
        .limit(limit)
        .$if(ctx.engine === 'postgres', (query) => query.forUpdate().skipLocked()),
    )
    .updateTable('jobs')
    .set({
      status: 'running',
      locked_until: now + options.leaseMs,
      locked_by: options.workerId,
      attempts: sql<number>`attempts + 1`,
      updated_at: now,
    })
    .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
    .returningAll()
    .execute();
  return rows as ClaimedJob[];
}

/**
 * The condition every write that finishes a job must carry: the row is still this claim's.
 * A worker that stalled past its lease may find the job claimed (and perhaps finished) by
 * another; it must not overwrite that. Attempts is part of the fence because a restarted worker
 * can reuse its id and re-claim its own abandoned job.
 */
export function isStillClaimed(job: Pick<ClaimedJob, 'id' | 'locked_by' | 'attempts'>) {
  return (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.and([
      eb('id', '=', job.id),
      eb('status', '=', 'running'),
      eb('locked_by', '=', job.locked_by),
      eb('attempts', '=', job.attempts),
    ]);
}
