import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { LinkClosedReason } from '../../db/schema.js';
import { withTransaction } from '../../db/with-transaction.js';
import { cancelReminders } from '../messages/cancel-reminders.js';

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
  | 'link_requested';

/** One line of an account's own history (schema.ts AccountEventsTable). */
export async function addAccountEvent(
  ctx: AppContext,
  event: {
    tenantId: string;
    kind: AccountEventKind;
    actor: string;
    text?: string | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await ctx.db
    .insertInto('account_events')
    .values({
      tenant_id: event.tenantId,
      at: ctx.clock.now(),
      kind: event.kind,
      actor: event.actor,
      text: event.text ?? null,
      details: event.details ? JSON.stringify(event.details) : null,
    })
    .execute();
}

/**
 * Closes the account's open links (pending, none settling) unpaid, with the reason shown to
 * staff and the leaseholder, and cancels their reminders; their unsent messages are cancelled by
 * their send jobs. `except` keeps one link open (a changed balance's new link). Returns the ids.
 */
export function closeOpenLinks(
  ctx: AppContext,
  tenantId: string,
  reason: LinkClosedReason,
  options: { except?: string; replacedBy?: string } = {},
): Promise<string[]> {
  return withTransaction(ctx, async (tx) => {
    let update = tx.db
      .updateTable('payment_links')
      .set({
        status: 'expired',
        closed_reason: reason,
        closed_at: tx.clock.now(),
        ...(options.replacedBy ? { replaced_by: options.replacedBy } : {}),
      })
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'pending')
      .where('processing_since', 'is', null);
    if (options.except) update = update.where('id', '<>', options.except);
    const closed = await update.returning('id').execute();
    for (const { id } of closed) await cancelReminders(tx, id);
    return closed.map(({ id }) => id);
  });
}

/**
 * Takes a payment off the balance in one statement, so two payments at once both count (a
 * second one leaves a credit: never a silent loss). With `onlyIfOwed`, nothing is taken unless
 * the balance still covers the amount (the demo provider takes no real money, so it may refuse).
 * Returns the new balance in pence, or null when refused.
 */
export async function takePayment(
  ctx: AppContext,
  tenantId: string,
  amountPence: number,
  options: { onlyIfOwed?: boolean } = {},
): Promise<number | null> {
  let update = ctx.db
    .updateTable('tenants')
    .set({
      balance_pence: sql`balance_pence - ${amountPence}`,
      owing_since: sql`case when balance_pence - ${amountPence} > 0 then owing_since end`,
      updated_at: ctx.clock.now(),
    })
    .where('id', '=', tenantId);
  if (options.onlyIfOwed) update = update.where('balance_pence', '>=', amountPence);
  const row = await update.returning('balance_pence').executeTakeFirst();
  return row ? Number(row.balance_pence) : null;
}

/**
 * Sets what the agent's spreadsheet says is owed. The day the account starts owing is kept
 * while it owes, so "days since the first unpaid link" survives a changed balance.
 */
export async function setBalance(
  ctx: AppContext,
  tenantId: string,
  balancePence: number,
): Promise<void> {
  await ctx.db
    .updateTable('tenants')
    .set({
      balance_pence: balancePence,
      owing_since: balancePence > 0 ? sql`coalesce(owing_since, ${ctx.clock.now()})` : null,
      updated_at: ctx.clock.now(),
    })
    .where('id', '=', tenantId)
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
