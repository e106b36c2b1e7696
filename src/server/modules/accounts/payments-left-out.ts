import { sql } from 'kysely';
import { formatDate } from '../../../shared/dates.js';
import { formatPence } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';

/** How long a payment may be missing from the agent's own ledger, and so from their sheet. */
export const RECENT_PAYMENT_MS = 14 * 24 * 3_600_000;

export interface RecentPayment {
  /** Below zero: money given back (a refund, a dispute, a reversed cheque), owed again since. */
  amountPence: number;
  at: number;
  isPortal: boolean;
}

/**
 * Each account's payments of the last 14 days, portal and offline, and the money given back
 * (payments/apply-return.ts, reverse-offline-payment.ts), newest first: the agent's sheet may have been exported before them. Two queries for a
 * slice of accounts.
 */
export async function recentPayments(
  ctx: AppContext,
  tenantIds: readonly string[],
): Promise<Map<string, RecentPayment[]>> {
  const byAccount = new Map<string, RecentPayment[]>();
  if (tenantIds.length === 0) return byAccount;
  const since = ctx.clock.now() - RECENT_PAYMENT_MS;
  const portal = ctx.db
    .selectFrom('payments')
    .innerJoin('payment_links', 'payment_links.id', 'payments.link_id')
    .select([
      'payment_links.tenant_id as tenant_id',
      // As paid: what was given back since is a line of its own (below).
      'payments.amount_pence as amount',
      'payments.paid_at as at',
      sql<number>`1`.as('is_portal'),
    ])
    .where('payment_links.tenant_id', 'in', tenantIds)
    .where('payments.status', '=', 'succeeded')
    .where('payments.paid_at', '>', since);
  const offline = ctx.db
    .selectFrom('offline_payments')
    .select([
      'tenant_id',
      'amount_pence as amount',
      'recorded_at as at',
      sql<number>`0`.as('is_portal'),
    ])
    .where('tenant_id', 'in', tenantIds)
    .where('recorded_at', '>', since);
  const rows = await portal.unionAll(offline).execute();
  const returned = await ctx.db
    .selectFrom('account_events')
    .select(['tenant_id', 'at', 'details'])
    .where('tenant_id', 'in', tenantIds)
    .where('kind', '=', 'payment_returned')
    .where('at', '>', since)
    .execute();
  const all = [
    ...rows.map((row) => ({
      tenantId: row.tenant_id,
      amountPence: Number(row.amount),
      at: Number(row.at),
      isPortal: Number(row.is_portal) === 1,
    })),
    // A dispute won is the payment coming back in: a portal payment again.
    ...returned.flatMap((row) => {
      const pence = Number((JSON.parse(row.details ?? '{}') as { pence?: unknown }).pence);
      return pence
        ? [{ tenantId: row.tenant_id, amountPence: -pence, at: row.at, isPortal: pence < 0 }]
        : [];
    }),
    // Money given back follows the payment it undoes, even within the same millisecond.
  ].sort((a, b) => b.at - a.at || Number(b.amountPence < 0) - Number(a.amountPence < 0));
  for (const { tenantId, ...payment } of all) {
    const payments = byAccount.get(tenantId) ?? [];
    payments.push(payment);
    byAccount.set(tenantId, payments);
  }
  return byAccount;
}

/**
 * The newest payments a sheet's figure leaves out: those that, added back to the balance, make
 * exactly the figure the sheet states. Only payments after the last sheet that agreed with the
 * balance count, so a figure that took them in is never read as older than them. Null when the
 * figure is not the balance before any of them: the sheet is then taken as it is.
 */
export function paymentsLeftOut(
  sheetPence: number,
  balancePence: number,
  payments: readonly RecentPayment[],
  agreedAt: number | null,
): RecentPayment[] | null {
  // A sheet that agrees leaves nothing out, even where a refund cancels out its payment.
  if (sheetPence === balancePence) return null;
  let sum = 0;
  for (const [index, payment] of payments.entries()) {
    if (agreedAt !== null && payment.at <= agreedAt) break;
    sum += payment.amountPence;
    if (balancePence + sum === sheetPence) return payments.slice(0, index + 1);
  }
  return null;
}

/** What payments (newest first) came to, and when: "£250.00", "from 20/11/2026 to 22/11/2026". */
function paidAndWhen(payments: readonly RecentPayment[]): { paid: string; when: string } {
  const paid = formatPence(payments.reduce((sum, payment) => sum + payment.amountPence, 0));
  const newest = formatDate(payments[0]!.at);
  const oldest = formatDate(payments.at(-1)!.at);
  return { paid, when: newest === oldest ? `on ${newest}` : `from ${oldest} to ${newest}` };
}

/** The batch's note for a row whose figure predates payments: kept, not asked for again. */
export function leftOutNote(
  sheetPence: number,
  balancePence: number,
  leftOut: readonly RecentPayment[],
): string {
  const paidIn = leftOut.filter((payment) => payment.amountPence > 0);
  const givenBack = leftOut
    .filter((payment) => payment.amountPence < 0)
    .map((payment) => ({ ...payment, amountPence: -payment.amountPence }));
  const sheet = `The sheet's ${formatPence(sheetPence)}`;
  const stays = `the balance stays ${formatPence(balancePence)}`;
  if (givenBack.length === 0) {
    const { paid, when } = paidAndWhen(paidIn);
    return `${sheet} is from before ${paid} paid ${when}: ${stays}, so nothing is asked for twice.`;
  }
  const { when } = paidAndWhen(leftOut);
  const back = `${paidAndWhen(givenBack).paid} refunded, disputed or reversed`;
  const moved = paidIn.length === 0 ? back : `${paidAndWhen(paidIn).paid} paid and ${back}`;
  return `${sheet} is from before ${moved} ${when}: ${stays}, as it is owed again.`;
}

/**
 * "Paid £X through the portal on DATE — check …": the portal payments no sheet has yet agreed
 * with, when the sheet's figure is taken as it is. Several are summed, so a leaseholder paying in
 * parts is not read as having paid the last part alone.
 */
export function portalPaymentNote(
  payments: readonly RecentPayment[],
  agreedAt: number | null,
): string | null {
  const since = payments.filter((payment) => payment.at > (agreedAt ?? 0));
  const portal = since.filter((payment) => payment.isPortal && payment.amountPence > 0);
  // Less what Stripe gave back of them: a payment refunded in full needs no checking.
  const netPence = [...portal, ...since.filter((payment) => payment.amountPence < 0)].reduce(
    (sum, payment) => sum + payment.amountPence,
    0,
  );
  if (portal.length === 0 || netPence <= 0) return null;
  const { when } = paidAndWhen(portal);
  const paid = formatPence(netPence);
  return portal.length === 1
    ? `Paid ${paid} through the portal ${when} — check that this balance includes it.`
    : `Paid ${paid} through the portal in ${portal.length} payments ${when} — check that this balance includes them.`;
}
