import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/with-transaction.js';

/**
 * Housekeeping: folds the balance changes appended since the last run (migration 0016) into one
 * row, so Total Outstanding stays one short sum. Only rows up to the newest seen are folded:
 * a change appended meanwhile stays for the next run.
 */
export async function compactOwedTotal(ctx: AppContext): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const seen = await tx.db
      .selectFrom('owed_deltas')
      .select((eb) => [
        eb.fn.max('id').as('last'),
        eb.fn.countAll<number>().as('rows'),
        eb.fn.coalesce(eb.fn.sum<number>('pence'), sql.lit(0)).as('pence'),
      ])
      .executeTakeFirstOrThrow();
    if (Number(seen.rows) <= 1 || seen.last === null) return;
    await tx.db.deleteFrom('owed_deltas').where('id', '<=', seen.last).execute();
    await tx.db
      .insertInto('owed_deltas')
      .values({ pence: Number(seen.pence) })
      .execute();
  });
}
