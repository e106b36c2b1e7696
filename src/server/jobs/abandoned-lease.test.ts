import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../tests/helpers/test-context.js';
import { claimJobs } from './claim-jobs.js';
import { enqueueJob } from './enqueue-job.js';
import type { JobHandlers } from './job-types.js';
import { runDueJobs } from './run-due-jobs.js';

const LEASE_MS = 60_000;

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('a worker that stops mid-job', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  it('leaves a lease that expires; another worker finishes the job and the effect happens once', async () => {
    const calls: string[] = [];
    const workerAHasActed = deferred();
    const workerAMayGoOn = deferred();
    // Idempotent like a real handler: the effect is keyed, so running it twice records it once.
    const handlers: JobHandlers = {
      'record-effect': async (payload, ctx, job) => {
        const { ref } = payload as { ref: string };
        await ctx.db
          .insertInto('settings')
          .values({ key: `effect:${ref}`, value: job.locked_by!, updated_at: ctx.clock.now() })
          .onConflict((conflict) => conflict.column('key').doNothing())
          .execute();
        calls.push(job.locked_by!);
        if (job.locked_by === 'worker-a') {
          workerAHasActed.resolve();
          await workerAMayGoOn.promise;
        }
      },
    };
    const id = await enqueueJob(
      t.ctx.db,
      { kind: 'record-effect', payload: { ref: 'link-1' } },
      t.clock,
    );

    // Worker A does the work, then hangs before recording it (a crash, a long GC, a lost network).
    const workerA = runDueJobs(t.ctx, handlers, {
      workerId: 'worker-a',
      limit: 1,
      leaseMs: LEASE_MS,
    });
    await workerAHasActed.promise;

    // While A's lease holds, nobody else takes the job.
    t.clock.advance(LEASE_MS - 1);
    expect(await runDueJobs(t.ctx, handlers, { workerId: 'worker-b', limit: 1 })).toEqual([]);

    t.clock.advance(2);
    expect(await runDueJobs(t.ctx, handlers, { workerId: 'worker-b', limit: 1 })).toEqual([
      { id, kind: 'record-effect', outcome: 'done' },
    ]);

    // A wakes up: its lease is gone, so it must not overwrite B's result.
    workerAMayGoOn.resolve();
    expect(await workerA).toEqual([{ id, kind: 'record-effect', outcome: 'lease-lost' }]);

    expect(calls).toEqual(['worker-a', 'worker-b']);
    const job = await t.ctx.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'done', attempts: 2, locked_by: 'worker-b' });
    const effects = await t.ctx.db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'like', 'effect:%')
      .execute();
    expect(effects).toEqual([{ key: 'effect:link-1', value: 'worker-a' }]);
  });

  it('does not let a stalled worker record a failure over the new claim either', async () => {
    const id = await enqueueJob(t.ctx.db, { kind: 'flaky', payload: {} }, t.clock);
    const started = deferred();
    const stalled = deferred();
    const runA = runDueJobs(
      t.ctx,
      {
        flaky: async () => {
          started.resolve();
          await stalled.promise;
          throw new Error('timed out');
        },
      },
      { workerId: 'worker-a', limit: 1, leaseMs: LEASE_MS },
    );
    await started.promise;
    t.clock.advance(LEASE_MS + 1);
    const [claimedByB] = await claimJobs(t.ctx, {
      workerId: 'worker-b',
      limit: 1,
      leaseMs: LEASE_MS,
    });
    expect(claimedByB?.id).toBe(id);

    stalled.resolve();
    expect(await runA).toEqual([{ id, kind: 'flaky', outcome: 'lease-lost' }]);
    const job = await t.ctx.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'running', locked_by: 'worker-b', last_error: null });
  });

  it('kills a job whose lease expired on its last attempt instead of running it again', async () => {
    let calls = 0;
    const handlers: JobHandlers = {
      'crashes-the-worker': async () => {
        calls += 1;
      },
    };
    const id = await enqueueJob(
      t.ctx.db,
      { kind: 'crashes-the-worker', payload: {}, maxAttempts: 2 },
      t.clock,
    );
    for (const worker of ['worker-a', 'worker-b']) {
      expect(
        await claimJobs(t.ctx, { workerId: worker, limit: 1, leaseMs: LEASE_MS }),
      ).toHaveLength(1);
      t.clock.advance(LEASE_MS + 1);
    }
    expect(await runDueJobs(t.ctx, handlers, { workerId: 'worker-c', limit: 1 })).toEqual([
      { id, kind: 'crashes-the-worker', outcome: 'dead' },
    ]);
    expect(calls).toBe(0);
    const job = await t.ctx.db
      .selectFrom('jobs')
      .select(['status', 'last_error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('dead');
    expect(job.last_error).toContain('lease expired');
  });
});
