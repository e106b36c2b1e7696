import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../tests/helpers/test-context.js';
import { bulkInsert } from './bulk-insert.js';

describe('bulkInsert', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  it('writes every row, in several statements when there are many, with missing values null', async () => {
    // 3 columns: 10,000 values a statement, so 25,000 rows take three statements.
    const rows = Array.from({ length: 25_000 }, (_, index) => ({
      bucket: index % 2 === 0 ? 'even' : 'odd',
      key: `key ${index} with 'quotes' and "doubles"`,
      at: index,
    }));
    await bulkInsert(t.ctx, 'rate_limit_events', ['bucket', 'key', 'at'], rows);
    await bulkInsert(
      t.ctx,
      'audit_log',
      ['at', 'actor', 'action', 'subject', 'details'],
      [{ at: 5, actor: 'admin', action: 'test' }],
    );

    const stored = await t.ctx.db
      .selectFrom('rate_limit_events')
      .select(['bucket', 'key', 'at'])
      .orderBy('at')
      .execute();
    expect(stored).toHaveLength(25_000);
    expect(stored[0]).toEqual(rows[0]);
    expect(stored[24_999]).toEqual(rows[24_999]);
    expect(stored.filter((row) => row.bucket === 'even')).toHaveLength(12_500);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'test')
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({ actor: 'admin', subject: null, details: null }),
    ]);
  });

  it('lets other work run between its statements', async () => {
    // SQLite answers synchronously: without a yield the three statements would run as one turn
    // of the event loop, and a waiting request (here a callback) only after all of them.
    const rows = Array.from({ length: 25_000 }, (_, index) => ({
      bucket: 'b',
      key: 'k',
      at: index,
    }));
    const happened: string[] = [];
    const writing = bulkInsert(t.ctx, 'rate_limit_events', ['bucket', 'key', 'at'], rows).then(() =>
      happened.push('written'),
    );
    setImmediate(() => happened.push('other work'));
    await writing;
    expect(happened).toEqual(['other work', 'written']);
  });

  it('is part of the transaction it runs in: a rollback leaves nothing', async () => {
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await bulkInsert(
          { ...t.ctx, db: trx },
          'rate_limit_events',
          ['bucket', 'key', 'at'],
          [{ bucket: 'b', key: 'k', at: 1 }],
        );
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await t.ctx.db.selectFrom('rate_limit_events').selectAll().execute()).toEqual([]);
  });
});
