import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { LinkClosedReason } from '../../db/schema.js';
import { withTransaction } from '../../db/with-transaction.js';
import { cancelReminders } from '../messages/cancel-reminders.js';

/**
 * The account's balance and open link, changed only here so that every path (upload, portal
 * payment, offline payment, staff action) keeps the same rules: a payment reduces the balance
 * atomically; when nothing is owed any more the open link closes and its reminders stop.
 */

/** One line of an account's own history (schema.ts AccountEventsTable). */
export async function addAccountEvent(
  ctx: AppContext,
  event: {
    tenantId: string;
    kind: string;
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
 * Closes the account's open links (pending, not settling) unpaid, with the reason shown to staff
 * and the leaseholder, and cancels their reminders. `except` keeps one link open (the new link
 * of a changed balance). Returns the ids closed.
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
 * Takes a payment off the balance in one statement (two payments at once both count) and, when
 * the balance is covered, closes the open links as settled. `keepLink` is the link the payment
 * was made on, which its caller closes as paid itself. Returns the new balance in pence.
 */
export function reduceBalance(
  ctx: AppContext,
  tenantId: string,
  amountPence: number,
  options: { keepLink?: string } = {},
): Promise<number> {
  return withTransaction(ctx, async (tx) => {
    const row = await tx.db
      .updateTable('tenants')
      .set({
        balance_pence: sql`balance_pence - ${amountPence}`,
        owing_since: sql`case when balance_pence - ${amountPence} > 0 then owing_since end`,
        updated_at: tx.clock.now(),
      })
      .where('id', '=', tenantId)
      .returning('balance_pence')
      .executeTakeFirstOrThrow();
    const balance = Number(row.balance_pence);
    if (balance <= 0) await closeOpenLinks(tx, tenantId, 'settled', { except: options.keepLink });
    return balance;
  });
}
