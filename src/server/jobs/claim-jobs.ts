import { type ExpressionBuilder, sql } from 'kysely';
import type { AppContext } from '../context.js';
import type { Database } from '../db/schema.js';
import type { ClaimedJob } from './job-types.js';

export interface ClaimOptions {
  workerId: string;
  limit: number;
  /** How long the claim holds; past it the job is presumed abandoned and claimable again. */
  leaseMs: number;
}

/**
 * Takes up to `limit` due jobs for this worker in one statement: queued jobs whose time has come,
 * and running jobs whose lease ran out (their worker died). Each claim counts as an attempt, so a
 * job that keeps killing its worker still ends up dead.
 *
 * PostgreSQL: the CTE locks the chosen rows FOR UPDATE SKIP LOCKED, so concurrent workers pass
 * over each other's rows instead of queueing behind them, and a CTE is evaluated once (an IN
 * subquery with LIMIT may be re-run by the planner and claim more than asked). SQLite serialises
 * writers, and a single UPDATE holds the write lock from start to end, so the same statement
 * without the locking clause is just as safe there.
 */
export async function claimJobs(ctx: AppContext, options: ClaimOptions): Promise<ClaimedJob[]> {
  const now = ctx.clock.now();
  const lockedUntil = now + options.leaseMs;
  const claimed = await ctx.db
    .with('due', (db) =>
      db
        .selectFrom('jobs')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
            eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
          ]),
        )
        .orderBy('run_at')
        .orderBy('id')
        .limit(options.limit)
        .$if(ctx.engine === 'postgres', (query) => query.forUpdate().skipLocked()),
    )
    .updateTable('jobs')
    .set({
      status: 'running',
      locked_until: lockedUntil,
      locked_by: options.workerId,
      attempts: sql<number>`attempts + 1`,
      updated_at: now,
    })
    .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
    .returningAll()
    .execute();
  // RETURNING gives no order; run the oldest first, as claimed.
  return (claimed as ClaimedJob[]).sort((a, b) => a.run_at - b.run_at || a.id - b.id);
}

/**
 * The condition every write that finishes a job must carry: the row is still this claim's.
 * A worker that stalled past its lease may find the job claimed (and perhaps finished) by
 * another; it must not overwrite that. Attempts is part of the fence because a restarted worker
 * can reuse its id and re-claim its own abandoned job.
 */
export function isStillClaimed(job: ClaimedJob) {
  return (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.and([
      eb('id', '=', job.id),
      eb('status', '=', 'running'),
      eb('locked_by', '=', job.locked_by),
      eb('attempts', '=', job.attempts),
    ]);
}
