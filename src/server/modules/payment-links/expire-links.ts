import type { AppContext } from '../../context.js';
import { BULK_LINK_WRITES, lockKeys } from '../../db/key-locks.js';
import { cancelReminders } from '../messages/cancel-reminders.js';
import { dueToExpire } from './link-state.js';

/**
 * The expiry transition, run by housekeeping every minute: links due to expire (link-state.ts)
 * become expired and lose their reminders, in one transaction. Reads never wait for it: they
 * show the effective status themselves. Safe from several processes: the update only takes
 * rows still pending.
 */
export async function expireLinks(ctx: AppContext, now = ctx.clock.now()): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    // One sweep, or upload, at a time on PostgreSQL (SQLite has one writer).
    await lockKeys(trx, ctx.engine, [BULK_LINK_WRITES]);
    const expired = await trx
      .updateTable('payment_links')
      .set({ status: 'expired' })
      .where(dueToExpire(now))
      .returning('id')
      .execute();
    await cancelReminders(
      { ...ctx, db: trx },
      expired.map(({ id }) => id),
    );
    return expired.length;
  });
}
