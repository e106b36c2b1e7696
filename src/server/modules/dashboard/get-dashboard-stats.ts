import { TZDate } from '@date-fns/tz';
import { startOfDay } from 'date-fns';
import type { DashboardStats } from '../../../shared/dashboard.js';
import { UK_TIME_ZONE } from '../../../shared/dates.js';
import type { AppContext } from '../../context.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight today in the UK (BST or GMT as it is that day), as epoch milliseconds. */
export function startOfUkDay(now: number): number {
  return startOfDay(new TZDate(now, UK_TIME_ZONE)).getTime();
}

const pounds = (pence: number) => Math.round(pence) / 100;

/**
 * GET /api/dashboard/stats, each figure by its one definition (STAT_DEFINITIONS in
 * src/shared/dashboard.ts; docs/ARCHITECTURE.md), in a handful of indexed aggregate queries.
 */
export async function getDashboardStats(ctx: AppContext): Promise<DashboardStats> {
  const now = ctx.clock.now();
  const open = await ctx.db
    .selectFrom('payment_links')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('amount_pence'), eb.lit(0)).as('pence'),
      eb.fn
        .sum<number>(eb.case().when('processing_since', 'is', null).then(1).else(0).end())
        .as('active'),
    ])
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('expires_at', '>', now), eb('processing_since', 'is not', null)]))
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
    .where('status', '=', 'paid')
    .where('paid_at', '>', since)
    .where('paid_at', '<=', now)
    .executeTakeFirstOrThrow();
  const lapsed = await ctx.db
    .selectFrom('payment_links')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', 'in', ['pending', 'expired', 'failed'])
    .where('replaced_by', 'is', null)
    .where('processing_since', 'is', null)
    .where('expires_at', '>', since)
    .where('expires_at', '<=', now)
    .executeTakeFirstOrThrow();
  const outcomes = Number(paid.count) + Number(lapsed.count);

  return {
    totalOutstanding: pounds(Number(open.pence)),
    activeLinks: Number(open.active ?? 0),
    paymentsToday: pounds(Number(today.pence)),
    paymentsTodayCount: Number(today.count),
    successRate: outcomes === 0 ? 0 : Math.round((Number(paid.count) / outcomes) * 1000) / 10,
    successRateOutcomes: outcomes,
  };
}
