import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { LinkClosedReason } from '../../db/schema.js';
import { withTransaction } from '../../db/with-transaction.js';
import { cancelReminders } from '../messages/cancel-reminders.js';
import { hasEffectiveStatus } from '../payment-links/link-state.js';

/**
 * The account's balance and its open link change only here, so that every path (upload, portal
 * payment, offline payment, staff action) keeps the same rules: a payment comes off the balance
 * in one statement; when nothing is owed any more the open link closes and its reminders stop.
 */

export type AccountEventKind =
  | 'balance_set'
  | 'contact_changed'
  | 'note'
  | 'hold_started'
  | 'hold_ended'
  | 'link_cancelled'
  | 'credit'
  | 'link_requested'
  | 'payment_returned'
  | 'texts_stopped'
  | 'texts_started'
  | 'reply';

export interface AccountEvent {
  tenantId: string;
  kind: AccountEventKind;
  actor: string;
  text?: string | null;
  details?: Record<string, unknown>;
}

/** One line of an account's own history (schema.ts AccountEventsTable). */
export function addAccountEvent(ctx: AppContext, event: AccountEvent): Promise<void> {
  return addAccountEvents(ctx, [event]);
}

/** Lines of accounts' histories, in one statement (an upload's slice of rows). */
export async function addAccountEvents(
  ctx: AppContext,
  events: readonly AccountEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const at = ctx.clock.now();
  await ctx.db
    .insertInto('account_events')
    .values(
      events.map((event) => ({
        tenant_id: event.tenantId,
        at,
        kind: event.kind,
        actor: event.actor,
        text: event.text ?? null,
        details: event.details ? JSON.stringify(event.details) : null,
      })),
    )
    .execute();
}

/**
 * Closes these accounts' open links (pending, none settling) unpaid, with the reason shown to
 * staff and the leaseholder, and cancels their reminders; their unsent messages are cancelled by
 * their send jobs. An account's `replacedBy` (its new link) stays open and is named as the
 * closed links' replacement. One statement for them all. Returns the closed links' ids.
 */
export function closeOpenLinks(
  ctx: AppContext,
  reason: LinkClosedReason,
  accounts: readonly { tenantId: string; replacedBy?: string }[],
): Promise<string[]> {
  if (accounts.length === 0) return Promise.resolve([]);
  const replacements = accounts.flatMap(({ tenantId, replacedBy }) =>
    replacedBy ? [{ tenantId, replacedBy }] : [],
  );
  return withTransaction(ctx, async (tx) => {
    let update = tx.db
      .updateTable('payment_links')
      .set({
        status: 'expired',
        closed_reason: reason,
        closed_at: tx.clock.now(),
        ...(replacements.length > 0
          ? {
              replaced_by: sql<string>`case tenant_id ${sql.join(
                replacements.map((each) => sql`when ${each.tenantId} then ${each.replacedBy}`),
                sql` `,
              )} else replaced_by end`,
            }
          : {}),
      })
      .where(
        'tenant_id',
        'in',
        accounts.map((account) => account.tenantId),
      )
      .where('status', '=', 'pending')
      .where('processing_since', 'is', null);
    if (replacements.length > 0) {
      update = update.where(
        'id',
        'not in',
        replacements.map((each) => each.replacedBy),
      );
    }
    const closed = (await update.returning('id').execute()).map(({ id }) => id);
    await cancelReminders(tx, closed);
    return closed;
  });
}

/**
 * Takes a payment off the balance in one statement, so two payments at once both count (a
 * second one leaves a credit: never a silent loss). With `onlyIfOwed`, nothing is taken unless
 * the balance still covers the amount (the demo provider takes no real money, so it may refuse).
 * A negative amount is money given back (a refund), owed again from now if nothing was owed.
 * Returns the new balance in pence, or null when refused.
 */
export async function takePayment(
  ctx: AppContext,
  tenantId: string,
  amountPence: number,
  options: { onlyIfOwed?: boolean } = {},
): Promise<number | null> {
  const now = ctx.clock.now();
  let update = ctx.db
    .updateTable('tenants')
    .set({
      balance_pence: sql`balance_pence - ${amountPence}`,
      owing_since: sql`case when balance_pence - ${amountPence} > 0 then coalesce(owing_since, ${now}) end`,
      updated_at: now,
    })
    .where('id', '=', tenantId);
  if (options.onlyIfOwed) update = update.where('balance_pence', '>=', amountPence);
  const row = await update.returning('balance_pence').executeTakeFirst();
  return row ? Number(row.balance_pence) : null;
}

/**
 * Sets what the agent's spreadsheet says is owed, for a slice of accounts in one statement. The
 * day an account starts owing is kept while it owes, so "days since the first unpaid link"
 * survives a changed balance.
 */
export async function setBalances(
  ctx: AppContext,
  balances: readonly { tenantId: string; balancePence: number }[],
): Promise<void> {
  if (balances.length === 0) return;
  const now = ctx.clock.now();
  // Cast, as PostgreSQL would otherwise read the untyped parameters as text.
  const balance = sql<number>`case id ${sql.join(
    balances.map((each) => sql`when ${each.tenantId} then cast(${each.balancePence} as bigint)`),
    sql` `,
  )} end`;
  await ctx.db
    .updateTable('tenants')
    .set({
      balance_pence: balance,
      owing_since: sql`case when ${balance} > 0 then coalesce(owing_since, ${now}) end`,
      updated_at: now,
    })
    .where(
      'id',
      'in',
      balances.map((each) => each.tenantId),
    )
    .execute();
}

/** The account's one open link, if it has one (pending, unexpired, no payment settling). */
export async function findOpenLink(ctx: AppContext, tenantId: string) {
  return ctx.db
    .selectFrom('payment_links')
    .select(['id', 'amount_pence', 'paid_pence', 'expires_at', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'pending')
    .where('processing_since', 'is', null)
    .where('expires_at', '>', ctx.clock.now())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** Those of the accounts with a link still pending (open, or a payment settling): asked already. */
export async function accountsWithLiveLinks(
  ctx: AppContext,
  tenantIds: readonly string[],
): Promise<Set<string>> {
  const rows = await ctx.db
    .selectFrom('payment_links')
    .select('tenant_id')
    .distinct()
    .where('tenant_id', 'in', tenantIds)
    .where(hasEffectiveStatus('pending', ctx.clock.now()))
    .execute();
  return new Set(rows.map((row) => row.tenant_id));
}
