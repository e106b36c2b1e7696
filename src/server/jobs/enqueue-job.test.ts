import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../tests/helpers/test-context.js';
import { enqueueJob } from './enqueue-job.js';
import { listJobs } from './list-jobs.js';

describe('enqueueJob', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  it('stores a queued job with its JSON payload, due now, with 8 attempts by default', async () => {
    const id = await enqueueJob(
      t.ctx.db,
      { kind: 'send-link', payload: { linkId: 'abc', amountPence: 12_345 } },
      t.clock,
    );
    const [job] = await listJobs(t.ctx.db);
    expect(job).toMatchObject({
      id,
      kind: 'send-link',
      status: 'queued',
      run_at: t.clock.now(),
      attempts: 0,
      max_attempts: 8,
      idempotency_key: null,
    });
    expect(JSON.parse(job!.payload)).toEqual({ linkId: 'abc', amountPence: 12_345 });
  });

  it('commits with the caller’s transaction and disappears when it rolls back', async () => {
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await enqueueJob(trx, { kind: 'send-link', payload: { linkId: 'rolled-back' } }, t.clock);
        throw new Error('the link insert failed');
      }),
    ).rejects.toThrow('the link insert failed');
    expect(await listJobs(t.ctx.db)).toEqual([]);

    await t.ctx.db.transaction().execute(async (trx) => {
      await enqueueJob(trx, { kind: 'send-link', payload: { linkId: 'kept' } }, t.clock);
    });
    const jobs = await listJobs(t.ctx.db);
    expect(jobs.map((job) => JSON.parse(job.payload))).toEqual([{ linkId: 'kept' }]);
  });

  it('treats a second job with the same idempotency key as the first one', async () => {
    const job = { kind: 'send-link', payload: { linkId: 'abc' }, idempotencyKey: 'send-link:abc' };
    const first = await enqueueJob(t.ctx.db, job, t.clock);
    const again = await enqueueJob(t.ctx.db, { ...job, payload: { linkId: 'other' } }, t.clock);
    const concurrent = await Promise.all([
      t.ctx.db.transaction().execute((trx) => enqueueJob(trx, job, t.clock)),
      t.ctx.db.transaction().execute((trx) => enqueueJob(trx, job, t.clock)),
    ]);
    expect([again, ...concurrent]).toEqual([first, first, first]);

    const jobs = await listJobs(t.ctx.db);
    expect(jobs).toHaveLength(1);
    expect(JSON.parse(jobs[0]!.payload)).toEqual({ linkId: 'abc' });

    // Jobs without a key are never deduplicated (NULLs do not collide in a UNIQUE column).
    await enqueueJob(t.ctx.db, { kind: 'send-link', payload: {} }, t.clock);
    await enqueueJob(t.ctx.db, { kind: 'send-link', payload: {} }, t.clock);
    expect(await listJobs(t.ctx.db)).toHaveLength(3);
  });

  it('refuses a payload that is not JSON', async () => {
    await expect(enqueueJob(t.ctx.db, { kind: 'x', payload: undefined }, t.clock)).rejects.toThrow(
      'payload is not JSON',
    );
  });
});
