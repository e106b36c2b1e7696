import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../tests/helpers/test-context.js';
import type { AppContext } from '../context.js';
import { createDatabase, type DatabaseHandle } from '../db/create-database.js';
import { migrateToLatest } from '../db/migrate.js';
import { enqueueJob } from './enqueue-job.js';
import type { JobHandlers, JobResult } from './job-types.js';
import { runDueJobs } from './run-due-jobs.js';

const JOBS = 60;

/** Runs rounds until a round finds nothing due, as a worker's loop would. */
async function drain(ctx: AppContext, handlers: JobHandlers, workerId: string) {
  const results: JobResult[] = [];
  for (;;) {
    const round = await runDueJobs(ctx, handlers, { workerId, limit: 4 });
    if (round.length === 0) return results;
    results.push(...round);
  }
}

/** Counts every run; yields between claim and finish so the other worker's queries interleave. */
function countingHandlers(runs: Map<number, number>): JobHandlers {
  return {
    count: async (_payload, _ctx, job) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 1));
    },
  };
}

async function enqueueMany(ctx: AppContext): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 0; n < JOBS; n += 1) {
    ids.push(await enqueueJob(ctx.db, { kind: 'count', payload: { n } }, ctx.clock));
  }
  return ids;
}

function expectEachRunOnce(ids: number[], runs: Map<number, number>, results: JobResult[][]) {
  expect([...runs.keys()].sort((a, b) => a - b)).toEqual(ids);
  expect([...runs.values()].every((count) => count === 1)).toBe(true);
  expect(results.flat().every((result) => result.outcome === 'done')).toBe(true);
  expect(results.flat()).toHaveLength(JOBS);
}

describe('workers claiming at the same time', () => {
  let t: TestContext;
  const cleanups: (() => Promise<void>)[] = [];
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await t.close();
  });

  it('never run the same job twice (three workers on one pool)', async () => {
    const ids = await enqueueMany(t.ctx);
    const runs = new Map<number, number>();
    const handlers = countingHandlers(runs);
    const results = await Promise.all(
      ['w1', 'w2', 'w3'].map((workerId) => drain(t.ctx, handlers, workerId)),
    );
    expectEachRunOnce(ids, runs, results);
  });

  it('never run the same job twice (two processes: separate connections to one database)', async () => {
    const [first, second] = await openTwoConnections(t.ctx, cleanups);
    const ids = await enqueueMany(first);
    const runs = new Map<number, number>();
    const handlers = countingHandlers(runs);
    const results = await Promise.all([
      drain(first, handlers, 'process-1'),
      drain(second, handlers, 'process-2'),
    ]);
    expectEachRunOnce(ids, runs, results);
    // Both took part, or the test proved nothing about concurrent claims.
    expect(results.every((workerResults) => workerResults.length > 0)).toBe(true);
    const finishedBy = await first.db
      .selectFrom('jobs')
      .select('locked_by')
      .distinct()
      .orderBy('locked_by')
      .execute();
    expect(finishedBy.map((row) => row.locked_by)).toEqual(['process-1', 'process-2']);
  });
});

/**
 * Two more handles on the test's database, as two worker processes would have: two PostgreSQL
 * pools on the test's schema, or two SQLite connections to one file (an in-memory database
 * cannot be shared, so on SQLite the pair gets a migrated file of its own).
 */
async function openTwoConnections(
  base: AppContext,
  cleanups: (() => Promise<void>)[],
): Promise<[AppContext, AppContext]> {
  const databaseUrl = base.config.databaseUrl;
  const handles: DatabaseHandle[] = [];
  if (databaseUrl) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
      base.db,
    );
    const pgSchema = rows[0]!.schema;
    for (let n = 0; n < 2; n += 1) {
      handles.push(await createDatabase({ databaseUrl, pgSchema, pgPoolSize: 4 }));
    }
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-jobs-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const sqlitePath = path.join(dir, 'portal.sqlite');
    for (let n = 0; n < 2; n += 1) handles.push(await createDatabase({ sqlitePath }));
    await migrateToLatest(handles[0]!.db, handles[0]!.engine);
  }
  for (const handle of handles) cleanups.push(() => handle.close());
  const [a, b] = handles.map((handle) => ({ ...base, db: handle.db, engine: handle.engine }));
  return [a!, b!];
}
