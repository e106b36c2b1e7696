import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../tests/helpers/test-context.js';
import type { AppContext } from '../context.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { listJobs } from '../jobs/list-jobs.js';
import { inGroupTransaction } from './group-commit.js';

describe('inGroupTransaction (group commit)', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  const record = (tx: AppContext, name: string) =>
    enqueueJob(tx.db, { kind: 'work', payload: { name } }, tx.clock);
  const recordedNames = async () =>
    (await listJobs(t.ctx.db)).map((job) => JSON.parse(job.payload).name).sort();

  it('runs callers that arrive together in one transaction, and commits them all', async () => {
    const seen: unknown[] = [];
    const results = await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        inGroupTransaction(t.ctx, async (tx) => {
          expect(tx.db.isTransaction).toBe(true);
          seen.push(tx.db);
          await record(tx, name);
          return name.toUpperCase();
        }),
      ),
    );
    expect(results).toEqual(['A', 'B', 'C']);
    expect(new Set(seen).size).toBe(1);
    expect(await recordedNames()).toEqual(['a', 'b', 'c']);
  });

  it('rolls back a caller that fails alone and gives it its own error', async () => {
    const outcomes = await Promise.allSettled([
      inGroupTransaction(t.ctx, (tx) => record(tx, 'first')),
      inGroupTransaction(t.ctx, async (tx) => {
        await record(tx, 'failing');
        throw new Error('the status write was refused');
      }),
      inGroupTransaction(t.ctx, (tx) => record(tx, 'last')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((outcomes[1] as PromiseRejectedResult).reason.message).toBe(
      'the status write was refused',
    );
    expect(await recordedNames()).toEqual(['first', 'last']);
  });

  it('joins the caller’s own transaction and rolls back with it', async () => {
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await inGroupTransaction({ ...t.ctx, db: trx }, (tx) => record(tx, 'inside'));
        throw new Error('the outer work failed');
      }),
    ).rejects.toThrow('the outer work failed');
    expect(await recordedNames()).toEqual([]);
  });

  it('tells every caller of a group that could not commit that it failed', async () => {
    const calls = [
      inGroupTransaction(t.ctx, (tx) => record(tx, 'one')),
      inGroupTransaction(t.ctx, (tx) => record(tx, 'two')),
    ];
    // The database goes away while the group gathers.
    await t.ctx.db.destroy();
    const outcomes = await Promise.allSettled(calls);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
  });

  it('starts a new group for callers that arrive after a commit', async () => {
    const seen: unknown[] = [];
    for (const name of ['x', 'y']) {
      await inGroupTransaction(t.ctx, async (tx) => {
        seen.push(tx.db);
        await record(tx, name);
      });
    }
    expect(new Set(seen).size).toBe(2);
    expect(await recordedNames()).toEqual(['x', 'y']);
  });
});
