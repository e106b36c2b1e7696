import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { cancelReminders } from '../messages/cancel-reminders.js';
import { dueToExpire } from './link-state.js';

/** PostgreSQL advisory lock: one sweep at a time, so two never lock the same rows crosswise. */
const EXPIRY_SWEEP_LOCK = 5_000_501;

/**
 * The expiry transition, run by housekeeping every minute: links due to expire (link-state.ts)
 * become expired and lose their reminders, in one transaction. Reads never wait for it: they
 * show the effective status themselves. Safe from several processes: the update only takes
 * rows still pending.
 */
export async function expireLinks(ctx: AppContext, now = ctx.clock.now()): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    if (ctx.engine === 'postgres') {
      await sql`select pg_advisory_xact_lock(${EXPIRY_SWEEP_LOCK})`.execute(trx);
    }
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
