import { sql } from 'kysely';
import type { DisputedPayment, ExpiringLink, RecentPayment } from '../../../shared/dashboard.js';
import { penceToDecimalString } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import { awaitingEvidence } from '../payments/apply-return.js';

const HOUR_MS = 60 * 60 * 1000;
/** Links expiring within this window are shown as warnings. */
export const EXPIRING_WITHIN_MS = 48 * HOUR_MS;
/** Unpaid links that expired this recently (and were not renewed) are shown as expired. */
export const EXPIRED_WITHIN_MS = 7 * 24 * HOUR_MS;

const RECENT = 10;

/**
 * GET /api/dashboard/recent-payments: the ten latest payments received, through the portal or
 * recorded by staff (bank transfers, cheques), newest first. A portal payment since refunded or
 * taken back by a chargeback still came in, so it stays, with what went back beside it.
 */
export async function listRecentPayments(ctx: AppContext): Promise<RecentPayment[]> {
  const portal = await ctx.db
    .selectFrom('payments')
    .innerJoin('payment_links', 'payment_links.id', 'payments.link_id')
    .innerJoin('tenants', 'tenants.id', 'payment_links.tenant_id')
    .select([
      'payments.id',
      'payments.amount_pence',
      'payments.paid_at as at',
      sql<number>`payments.refunded_pence + payments.disputed_pence`.as('given_back_pence'),
      'tenants.id as account_id',
      'tenants.name',
      'tenants.address',
    ])
    .where('payments.status', '=', 'succeeded')
    .where('payments.paid_at', 'is not', null)
    .orderBy('payments.paid_at', 'desc')
    .limit(RECENT)
    .execute();
  const offline = await ctx.db
    .selectFrom('offline_payments')
    .innerJoin('tenants', 'tenants.id', 'offline_payments.tenant_id')
    .select([
      'offline_payments.id',
      'offline_payments.amount_pence',
      'offline_payments.recorded_at as at',
      sql<number>`0`.as('given_back_pence'),
      'tenants.id as account_id',
      'tenants.name',
      'tenants.address',
    ])
    // A reversed one (a bounced cheque) never came in.
    .where('offline_payments.reversed_at', 'is', null)
    .orderBy('offline_payments.recorded_at', 'desc')
    .limit(RECENT)
    .execute();
  return [...portal, ...offline]
    .sort((a, b) => Number(b.at) - Number(a.at))
    .slice(0, RECENT)
    .map((row) => ({
      id: row.id,
      accountId: row.account_id,
      tenantName: row.name,
      address: row.address,
      amount: penceToDecimalString(row.amount_pence),
      paidAt: new Date(Number(row.at)).toISOString(),
      ...(Number(row.given_back_pence) > 0
        ? { givenBack: penceToDecimalString(Number(row.given_back_pence)) }
        : {}),
    }));
}

/**
 * GET /api/dashboard/disputes: payments the leaseholders' banks dispute that still wait for the
 * agent's evidence, soonest due first: missing the date loses the money for good.
 */
export async function listDisputes(ctx: AppContext): Promise<DisputedPayment[]> {
  const rows = await ctx.db
    .selectFrom('payments')
    .innerJoin('payment_links', 'payment_links.id', 'payments.link_id')
    .innerJoin('tenants', 'tenants.id', 'payment_links.tenant_id')
    .select([
      'payments.id',
      'payments.disputed_pence',
      'payments.payment_intent',
      'payments.provider_ref',
      'payments.dispute_respond_by',
      'tenants.id as account_id',
      'tenants.name',
      'tenants.address',
    ])
    .where(awaitingEvidence)
    .orderBy('payments.dispute_respond_by')
    .limit(20)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    accountId: row.account_id,
    tenantName: row.name,
    address: row.address,
    amount: penceToDecimalString(row.disputed_pence),
    reference: row.payment_intent ?? row.provider_ref,
    respondBy:
      row.dispute_respond_by === null ? null : new Date(row.dispute_respond_by).toISOString(),
  }));
}

/**
 * GET /api/dashboard/expiring-links: unpaid, unrenewed links expiring in the next 48 hours or
 * expired in the last 7 days, soonest first (the page shows those at or past expiry in red).
 */
export async function listExpiringLinks(ctx: AppContext): Promise<ExpiringLink[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .selectFrom('payment_links')
    .innerJoin('tenants', 'tenants.id', 'payment_links.tenant_id')
    .select([
      'payment_links.id',
      'payment_links.expires_at',
      'tenants.id as account_id',
      'tenants.name',
      'tenants.address',
    ])
    .where('payment_links.status', 'in', ['pending', 'expired'])
    .where('payment_links.replaced_by', 'is', null)
    // Closed by staff or settled: nothing to renew. Accounts owing nothing have nothing to chase.
    .where('payment_links.closed_reason', 'is', null)
    .where('tenants.balance_pence', '>', 0)
    .where('payment_links.processing_since', 'is', null)
    .where('payment_links.expires_at', '>', now - EXPIRED_WITHIN_MS)
    .where('payment_links.expires_at', '<=', now + EXPIRING_WITHIN_MS)
    .orderBy('payment_links.expires_at')
    .limit(20)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    accountId: row.account_id,
    tenantName: row.name,
    address: row.address,
    expiresAt: new Date(row.expires_at).toISOString(),
  }));
}
