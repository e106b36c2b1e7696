import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../tests/helpers/test-context.js';
import { cancelJobs } from './cancel-jobs.js';
import { claimJobs } from './claim-jobs.js';
import { enqueueJob } from './enqueue-job.js';
import type { JobHandlers } from './job-types.js';
import { runDueJobs } from './run-due-jobs.js';

const HOUR = 3_600_000;

describe('cancelJobs', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  it('cancels the queued jobs with the key and leaves running, done and other jobs alone', async () => {
    const ran: string[] = [];
    const handlers: JobHandlers = {
      remind: async (payload) => {
        ran.push((payload as { name: string }).name);
      },
    };
    const enqueue = (name: string, cancelKey: string, runAt = t.clock.now()) =>
      enqueueJob(t.ctx.db, { kind: 'remind', payload: { name }, cancelKey, runAt }, t.clock);

    const done = await enqueue('done', 'link:1');
    await runDueJobs(t.ctx, handlers, { workerId: 'w', limit: 10 });
    const running = await enqueue('running', 'link:1');
    await claimJobs(t.ctx, { workerId: 'w', limit: 10, leaseMs: HOUR });
    const in24h = await enqueue('in 24h', 'link:1', t.clock.now() + 24 * HOUR);
    const in1h = await enqueue('in 1h', 'link:1', t.clock.now() + HOUR);
    const otherLink = await enqueue('other link', 'link:2', t.clock.now() + HOUR);

    expect(await cancelJobs(t.ctx.db, ['link:1'], t.clock)).toBe(2);
    expect(await cancelJobs(t.ctx.db, ['link:1'], t.clock)).toBe(0);

    const statuses = await t.ctx.db.selectFrom('jobs').select(['id', 'status']).execute();
    expect(Object.fromEntries(statuses.map((job) => [job.id, job.status]))).toEqual({
      [done]: 'done',
      [running]: 'running',
      [in24h]: 'cancelled',
      [in1h]: 'cancelled',
      [otherLink]: 'queued',
    });

    t.clock.advance(25 * HOUR);
    ran.length = 0;
    await runDueJobs(t.ctx, handlers, { workerId: 'w2', limit: 10 });
    // The running job's lease expired, so it runs again; the cancelled ones never do.
    expect(ran.sort()).toEqual(['other link', 'running']);
  });

  it('cancels the jobs of more keys than one statement may bind', async () => {
    const keys = Array.from({ length: 40_000 }, (_, index) => `reminders:${index}`);
    for (let start = 0; start < keys.length; start += 1_000) {
      await t.ctx.db
        .insertInto('jobs')
        .values(
          keys.slice(start, start + 1_000).map((key) => ({
            kind: 'remind',
            payload: '{}',
            status: 'queued' as const,
            run_at: t.clock.now() + HOUR,
            max_attempts: 3,
            locked_until: null,
            locked_by: null,
            last_error: null,
            idempotency_key: null,
            cancel_key: key,
            created_at: t.clock.now(),
            updated_at: t.clock.now(),
          })),
        )
        .execute();
    }
    expect(await cancelJobs(t.ctx.db, keys, t.clock)).toBe(40_000);
  });
});
