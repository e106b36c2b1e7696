import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../tests/helpers/test-context.js';
import { enqueueJobs } from './enqueue-jobs.js';

describe('enqueueJobs', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  it('adds many jobs at once and skips idempotency keys already taken', async () => {
    const jobs = Array.from({ length: 1200 }, (_, i) => ({
      kind: 'test',
      payload: { i },
      idempotencyKey: `k${i % 1000}`,
    }));
    await enqueueJobs(t.ctx.db, jobs, t.clock);
    await enqueueJobs(t.ctx.db, jobs.slice(0, 10), t.clock);
    const rows = await t.ctx.db.selectFrom('jobs').select(['payload', 'status']).execute();
    expect(rows).toHaveLength(1000);
    expect(rows.every((row) => row.status === 'queued')).toBe(true);
  });

  it('writes nothing when the caller’s transaction rolls back', async () => {
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await enqueueJobs(trx, [{ kind: 'test', payload: {} }], t.clock);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await t.ctx.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
  });
});
