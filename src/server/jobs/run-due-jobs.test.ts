import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../tests/helpers/test-context.js';
import { DeferJob } from './defer-job.js';
import { enqueueJob, type NewJob } from './enqueue-job.js';
import type { Job, JobHandlers } from './job-types.js';
import { listJobs } from './list-jobs.js';
import { PermanentJobError } from './permanent-job-error.js';
import type { RetryPolicy } from './retry-backoff.js';
import { retryDeadJob } from './retry-dead-job.js';
import { runDueJobs } from './run-due-jobs.js';

const MINUTE = 60_000;
// The jitter pinned at half the ceiling: attempt n waits exactly 5 s * 2^n / 2.
const retry: RetryPolicy = { baseMs: 5_000, capMs: 15 * MINUTE, random: () => 0.5 };

describe('runDueJobs', () => {
  let t: TestContext;
  let calls: Job[];
  let failures: Error[];
  const handlers: JobHandlers = {
    work: async (_payload, _ctx, job) => {
      calls.push(job);
      const failure = failures.shift();
      if (failure) throw failure;
    },
  };
  const enqueue = (job: Partial<NewJob> = {}) =>
    enqueueJob(t.ctx.db, { kind: 'work', payload: { n: 1 }, ...job }, t.clock);
  const runRound = () => runDueJobs(t.ctx, handlers, { workerId: 'worker-1', limit: 10, retry });
  const findJob = (id: number) =>
    t.ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeEach(async () => {
    t = await createTestContext();
    calls = [];
    failures = [];
  });
  afterEach(() => t.close());

  it('runs a job and marks it done, passing the parsed payload', async () => {
    let received: unknown;
    const id = await enqueue({ payload: { linkId: 'abc', amountPence: 500 } });
    const results = await runDueJobs(
      t.ctx,
      {
        work: async (payload) => {
          received = payload;
        },
      },
      { workerId: 'worker-1', limit: 10 },
    );
    expect(results).toEqual([{ id, kind: 'work', outcome: 'done' }]);
    expect(received).toEqual({ linkId: 'abc', amountPence: 500 });
    expect(await findJob(id)).toMatchObject({ status: 'done', attempts: 1, locked_until: null });
    expect(await runRound()).toEqual([]);
  });

  it('defers a job to a later time without using up an attempt', async () => {
    const id = await enqueue({ maxAttempts: 2 });
    for (let round = 0; round < 3; round += 1) {
      failures.push(new DeferJob(t.clock.now() + 10 * MINUTE, 'on hold'));
      expect(await runRound()).toEqual([{ id, kind: 'work', outcome: 'retry' }]);
      expect(await findJob(id)).toMatchObject({ status: 'queued', attempts: 0 });
      t.clock.advance(10 * MINUTE - 1);
      expect(await runRound()).toEqual([]);
      t.clock.advance(1);
    }
    expect(await runRound()).toEqual([{ id, kind: 'work', outcome: 'done' }]);
    expect(calls).toHaveLength(4);
  });

  it('does not run a scheduled job before its time, and runs it once the time comes', async () => {
    const id = await enqueue({ runAt: t.clock.now() + 10 * MINUTE });
    t.clock.advance(10 * MINUTE - 1);
    expect(await runRound()).toEqual([]);
    expect(calls).toEqual([]);

    t.clock.advance(1);
    expect(await runRound()).toEqual([{ id, kind: 'work', outcome: 'done' }]);
    expect(calls).toHaveLength(1);
  });

  it('runs due jobs oldest first, no more than the limit per round', async () => {
    const later = await enqueue({ runAt: t.clock.now() - 1 });
    const earliest = await enqueue({ runAt: t.clock.now() - 3 });
    const middle = await enqueue({ runAt: t.clock.now() - 2 });
    const first = await runDueJobs(t.ctx, handlers, { workerId: 'w', limit: 2 });
    expect(first.map((result) => result.id)).toEqual([earliest, middle]);
    const second = await runDueJobs(t.ctx, handlers, { workerId: 'w', limit: 2 });
    expect(second.map((result) => result.id)).toEqual([later]);
  });

  it('retries a failed job after an exponential backoff, then succeeds', async () => {
    failures = [new Error('SMTP 421 try again later'), new Error('connection reset')];
    const id = await enqueue();

    expect(await runRound()).toEqual([{ id, kind: 'work', outcome: 'retry' }]);
    expect(await findJob(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      run_at: t.clock.now() + 5_000,
      last_error: 'Error: SMTP 421 try again later',
      locked_until: null,
    });
    t.clock.advance(4_999);
    expect(await runRound()).toEqual([]);
    t.clock.advance(1);
    expect(await runRound()).toEqual([{ id, kind: 'work', outcome: 'retry' }]);

    // The second wait doubles.
    expect(await findJob(id)).toMatchObject({ attempts: 2, run_at: t.clock.now() + 10_000 });
    t.clock.advance(9_999);
    expect(await runRound()).toEqual([]);
    t.clock.advance(1);
    expect(await runRound()).toEqual([{ id, kind: 'work', outcome: 'done' }]);
    expect(await findJob(id)).toMatchObject({ status: 'done', attempts: 3 });
    expect(calls).toHaveLength(3);
  });

  it('kills a job at once on a permanent error', async () => {
    failures = [new PermanentJobError('the tenant has no email address')];
    const id = await enqueue();
    expect(await runRound()).toEqual([{ id, kind: 'work', outcome: 'dead' }]);
    expect(await findJob(id)).toMatchObject({
      status: 'dead',
      attempts: 1,
      last_error: 'PermanentJobError: the tenant has no email address',
    });
    t.clock.advance(24 * 60 * MINUTE);
    expect(await runRound()).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('kills a job whose payload is not JSON without calling the handler', async () => {
    const id = await enqueue();
    await t.ctx.db.updateTable('jobs').set({ payload: '{oops' }).where('id', '=', id).execute();
    expect(await runRound()).toEqual([{ id, kind: 'work', outcome: 'dead' }]);
    expect(calls).toEqual([]);
  });

  it('retries a job of a kind this worker has no handler for', async () => {
    const id = await enqueue({ kind: 'from-a-newer-release' });
    expect(await runRound()).toEqual([{ id, kind: 'from-a-newer-release', outcome: 'retry' }]);
    expect((await findJob(id)).last_error).toBe(
      'Error: no handler for job kind "from-a-newer-release"',
    );
    // Not fooled by names every object has.
    const inherited = await enqueue({ kind: 'constructor' });
    expect(await runRound()).toEqual([{ id: inherited, kind: 'constructor', outcome: 'retry' }]);
  });

  it('gives up after max attempts: the job is dead, keeps its last error and can be retried', async () => {
    failures = [1, 2, 3].map((n) => new Error(`provider down (${n})`));
    const id = await enqueue({ maxAttempts: 3 });
    const outcomes: string[] = [];
    for (let round = 0; round < 5; round += 1) {
      for (const result of await runRound()) outcomes.push(result.outcome);
      t.clock.advance(retry.capMs);
    }
    expect(outcomes).toEqual(['retry', 'retry', 'dead']);
    expect(calls).toHaveLength(3);

    const dead = await listJobs(t.ctx.db, { status: 'dead' });
    expect(dead).toMatchObject([
      { id, status: 'dead', attempts: 3, last_error: 'Error: provider down (3)' },
    ]);
    expect(await listJobs(t.ctx.db, { status: 'queued' })).toEqual([]);

    expect(await retryDeadJob(t.ctx.db, id, t.clock)).toBe(true);
    expect(await retryDeadJob(t.ctx.db, id, t.clock)).toBe(false);
    expect(await findJob(id)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await runRound()).toEqual([{ id, kind: 'work', outcome: 'done' }]);
  });

  it('keeps secrets and stack traces out of last_error and caps its length', async () => {
    failures = [
      new Error(
        `connect to postgres://portal:hunter2@db.internal/portal failed; Authorization: Bearer sk_live_abc123 ${'x'.repeat(5_000)}`,
      ),
    ];
    const id = await enqueue();
    await runRound();
    const { last_error } = await findJob(id);
    expect(last_error).toContain('postgres://***@db.internal/portal');
    expect(last_error).toContain('Bearer ***');
    expect(last_error).not.toContain('hunter2');
    expect(last_error).not.toContain('sk_live_abc123');
    expect(last_error).not.toContain('    at ');
    expect(last_error!.length).toBeLessThanOrEqual(1_000);
  });
});
