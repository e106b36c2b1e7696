import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../tests/helpers/test-context.js';
import { preparedQuery } from './prepared-query.js';

describe('preparedQuery', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
    await t.ctx.db
      .insertInto('rate_limit_events')
      .values([
        { bucket: 'b', key: 'one', at: 1 },
        { bucket: 'b', key: 'two', at: 2 },
        { bucket: 'other', key: 'one', at: 3 },
      ])
      .execute();
  });
  afterEach(() => t.close());

  const eventsOf = preparedQuery((db, args: { key: string; after: number }) =>
    db
      .selectFrom('rate_limit_events')
      .select(['bucket', 'at'])
      // A constant beside the arguments stays as it was compiled.
      .where('bucket', '=', 'b')
      .where('key', '=', args.key)
      .where('at', '>', args.after)
      .orderBy('at'),
  );

  it('runs the one compiled query with each call’s own values', async () => {
    expect((await eventsOf(t.ctx, { key: 'one', after: 0 })).rows).toEqual([
      { bucket: 'b', at: 1 },
    ]);
    expect((await eventsOf(t.ctx, { key: 'two', after: 0 })).rows).toEqual([
      { bucket: 'b', at: 2 },
    ]);
    expect((await eventsOf(t.ctx, { key: 'two', after: 2 })).rows).toEqual([]);
  });

  it('runs inside a transaction it is given', async () => {
    await t.ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('rate_limit_events')
        .values({ bucket: 'b', key: 'one', at: 9 })
        .execute();
      const { rows } = await eventsOf({ ...t.ctx, db: trx }, { key: 'one', after: 1 });
      expect(rows).toEqual([{ bucket: 'b', at: 9 }]);
    });
  });

  it('reports the rows a prepared write changed', async () => {
    const move = preparedQuery((db, args: { key: string; at: number }) =>
      db.updateTable('rate_limit_events').set({ at: args.at }).where('key', '=', args.key),
    );
    expect((await move(t.ctx, { key: 'one', at: 5 })).numAffectedRows).toBe(2n);
    expect((await move(t.ctx, { key: 'none', at: 5 })).numAffectedRows).toBe(0n);
  });
});
