import { TZDate } from '@date-fns/tz';
import { startOfDay } from 'date-fns';
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
 * src/shared/dashboard.ts; docs/ARCHITECTURE.md). Every query is answered from a partial index
 * of migration 0010 alone, so its conditions are spelled as that index's are (literals, and
 * status/processing_since/replaced_by tests in the same form).
 */
export async function getDashboardStats(ctx: AppContext): Promise<DashboardStats> {
  const now = ctx.clock.now();
  // Owed and still payable: current links, plus links whose payment is settling whatever their
  // expiry (the leaseholder has paid or is paying; it is owed until it clears).
  const current = await ctx.db
    .selectFrom('payment_links')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('amount_pence'), eb.lit(0)).as('pence'),
      eb.fn.countAll<number>().as('count'),
    ])
    .where('status', '=', PENDING)
    .where('processing_since', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  const settling = await ctx.db
    .selectFrom('payment_links')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_pence'), eb.lit(0)).as('pence'))
    .where('processing_since', 'is not', null)
    .where('status', '=', PENDING)
    .executeTakeFirstOrThrow();

  const today = await ctx.db
    .selectFrom('payments')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('amount_pence'), eb.lit(0)).as('pence'),
      eb.fn.countAll<number>().as('count'),
    ])
    .where('status', '=', 'succeeded')
    .where('paid_at', '>=', startOfUkDay(now))
    .where('paid_at', '<=', now)
    .executeTakeFirstOrThrow();

  const since = now - 30 * DAY_MS;
  const paid = await ctx.db
    .selectFrom('payment_links')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', sql.lit<'paid'>('paid'))
    // A balance paid through a link that had been renewed closes both links (renewal-chain.ts):
    // count the newest one only.
    .where('replaced_by', 'is', null)
    .where('paid_at', '>', since)
    .where('paid_at', '<=', now)
    .executeTakeFirstOrThrow();
  const lapsed = await ctx.db
    .selectFrom('payment_links')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(sql<SqlBool>`status in ('pending', 'expired', 'failed')`)
    .where('replaced_by', 'is', null)
    .where('processing_since', 'is', null)
    .where('expires_at', '>', since)
    .where('expires_at', '<=', now)
    .executeTakeFirstOrThrow();
  const outcomes = Number(paid.count) + Number(lapsed.count);

  return {
    totalOutstanding: pounds(Number(current.pence) + Number(settling.pence)),
    activeLinks: Number(current.count),
    paymentsToday: pounds(Number(today.pence)),
    paymentsTodayCount: Number(today.count),
    successRate: outcomes === 0 ? 0 : Math.round((Number(paid.count) / outcomes) * 1000) / 10,
    successRateOutcomes: outcomes,
  };
}
