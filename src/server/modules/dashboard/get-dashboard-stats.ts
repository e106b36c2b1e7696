import { TZDate } from '@date-fns/tz';
import { format, startOfDay } from 'date-fns';
import { type SqlBool, sql } from 'kysely';
import type { DashboardStats } from '../../../shared/dashboard.js';
import { UK_TIME_ZONE } from '../../../shared/dates.js';
import type { AppContext } from '../../context.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight today in the UK (BST or GMT as it is that day), as epoch milliseconds. */
export function startOfUkDay(now: number): number {
  return startOfDay(new TZDate(now, UK_TIME_ZONE)).getTime();
}

const pounds = (pence: number) => Math.round(pence) / 100;

const PENDING = sql.lit<'pending'>('pending');

/**
 * GET /api/dashboard/stats, each figure by its one definition (STAT_DEFINITIONS in
 * src/shared/dashboard.ts; docs/ARCHITECTURE.md). Every count is answered from a partial index
 * alone (migrations 0010, 0016 and 0017), so its conditions are spelled as that index's are
 * (literals, and status/processing_since/replaced_by/closed_reason tests in the same form).
 */
export async function getDashboardStats(ctx: AppContext): Promise<DashboardStats> {
  const now = ctx.clock.now();
  const since = now - 30 * DAY_MS;
  // Independent reads: on PostgreSQL each takes a pooled connection of its own, so the page waits
  // for the slowest rather than for all of them in turn.
  const [owed, current, today, offlineToday, paid, lapsed] = await Promise.all([
    // What is owed: every balance above £0 (a link's expiry never changes it), kept by the
    // database as it changes (migration 0016).
    ctx.db
      .selectFrom('owed_deltas')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('pence'), eb.lit(0)).as('pence'))
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('payment_links')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', PENDING)
      .where('processing_since', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('payments')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('amount_pence'), eb.lit(0)).as('pence'),
        eb.fn.countAll<number>().as('count'),
      ])
      .where('status', '=', sql.lit<'succeeded'>('succeeded'))
      .where('paid_at', '>=', startOfUkDay(now))
      .where('paid_at', '<=', now)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('offline_payments')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('amount_pence'), eb.lit(0)).as('pence'),
        eb.fn.countAll<number>().as('count'),
      ])
      .where('paid_on', '=', format(new TZDate(now, UK_TIME_ZONE), 'yyyy-MM-dd'))
      .where('reversed_at', 'is', null)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('payment_links')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', sql.lit<'paid'>('paid'))
      // A balance paid through a link that had been replaced closes both links
      // (record-payment.ts): count the newest one only.
      .where('replaced_by', 'is', null)
      .where('paid_at', '>', since)
      .where('paid_at', '<=', now)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('payment_links')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(sql<SqlBool>`status in ('pending', 'expired', 'failed')`)
      .where('replaced_by', 'is', null)
      .where('processing_since', 'is', null)
      .where('expires_at', '>', since)
      .where('expires_at', '<=', now)
      .where('closed_reason', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  const outcomes = Number(paid.count) + Number(lapsed.count);

  return {
    totalOutstanding: pounds(Number(owed.pence)),
    activeLinks: Number(current.count),
    paymentsToday: pounds(Number(today.pence) + Number(offlineToday.pence)),
    paymentsTodayCount: Number(today.count) + Number(offlineToday.count),
    successRate: outcomes === 0 ? 0 : Math.round((Number(paid.count) / outcomes) * 1000) / 10,
    successRateOutcomes: outcomes,
  };
}
