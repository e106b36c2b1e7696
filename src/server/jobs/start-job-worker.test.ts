import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../tests/helpers/test-context.js';
import { enqueueJob } from './enqueue-job.js';
import type { JobHandlers } from './job-types.js';
import { listJobs } from './list-jobs.js';
import { type JobWorker, startJobWorker } from './start-job-worker.js';

describe('startJobWorker', () => {
  let t: TestContext;
  let worker: JobWorker | undefined;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await t.close();
  });

  const enqueue = (n: number) => enqueueJob(t.ctx.db, { kind: 'work', payload: { n } }, t.clock);

  it('runs queued jobs no more than `concurrency` at a time, refilling slots without waiting for the poll', async () => {
    let running = 0;
    let mostAtOnce = 0;
    const handlers: JobHandlers = {
      work: async () => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
      },
    };
    for (let n = 0; n < 7; n += 1) await enqueue(n);
    // A poll far longer than the test: only a freed slot can make the worker claim again.
    worker = startJobWorker(t.ctx, handlers, { concurrency: 2, pollMs: 60_000 });
    await vi.waitFor(
      async () => expect(await listJobs(t.ctx.db, { status: 'done' })).toHaveLength(7),
      { timeout: 5_000 },
    );
    expect(mostAtOnce).toBe(2);
  });

  it('picks up a job enqueued while it sleeps at the next poll', async () => {
    const ran: unknown[] = [];
    worker = startJobWorker(
      t.ctx,
      {
        work: async (payload) => {
          ran.push(payload);
        },
      },
      { pollMs: 10 },
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    await enqueue(1);
    await vi.waitFor(() => expect(ran).toEqual([{ n: 1 }]), { timeout: 2_000 });
  });

  it('stop() waits for the jobs in flight to finish and be recorded, then claims no more', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let hasStarted = false;
    const handlers: JobHandlers = {
      work: async () => {
        hasStarted = true;
        await released;
      },
    };
    const id = await enqueue(1);
    worker = startJobWorker(t.ctx, handlers, { pollMs: 10 });
    await vi.waitFor(() => expect(hasStarted).toBe(true));

    let isStopped = false;
    const stopping = worker.stop().then(() => {
      isStopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isStopped).toBe(false);

    release();
    await stopping;
    expect(await listJobs(t.ctx.db)).toMatchObject([{ id, status: 'done' }]);

    await enqueue(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await listJobs(t.ctx.db, { status: 'queued' })).toHaveLength(1);
  });

  it('reports database failures to onError and keeps going', async () => {
    const errors: unknown[] = [];
    // A real database failure: every claim now fails until the table is back.
    await t.ctx.db.schema.dropTable('jobs').execute();
    worker = startJobWorker(t.ctx, {}, { pollMs: 5, onError: (error) => errors.push(error) });
    await vi.waitFor(() => expect(errors.length).toBeGreaterThanOrEqual(2));
    expect(String(errors[0])).toMatch(/jobs/);
  });
});
