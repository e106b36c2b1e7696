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

  // SQLite's one connection: the read waits its turn. PostgreSQL's pool: another connection (it
  // may answer at once or not, as connecting goes), which does not see the row either.
  it('does not slip into a transaction that holds the connection', async () => {
    let releaseTransaction = () => {};
    const held = new Promise<void>((resolve) => {
      releaseTransaction = resolve;
    });
    let isInserted = () => {};
    const inserted = new Promise<void>((resolve) => {
      isInserted = resolve;
    });
    const transaction = t.ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('rate_limit_events')
        .values({ bucket: 'b', key: 'one', at: 9 })
        .execute();
      isInserted();
      await held;
      await trx.deleteFrom('rate_limit_events').where('at', '=', 9).execute();
    });
    await inserted;
    let isAnswered = false;
    const read = eventsOf(t.ctx, { key: 'one', after: 0 }).then((result) => {
      isAnswered = true;
      return result.rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    releaseTransaction();
    if (t.ctx.engine === 'sqlite') expect(isAnswered).toBe(false);
    await transaction;
    // Read after the transaction: its row, inserted and deleted inside, never seen.
    expect(await read).toEqual([{ bucket: 'b', at: 1 }]);
  });
});
