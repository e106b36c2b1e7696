import type { AppContext } from '../../context.js';
import { writeAudit } from '../../lib/audit.js';
import { cancelReminders } from '../messages/cancel-reminders.js';

/**
 * A renewal makes a chain of links for one debt (old.replaced_by → new). A Stripe Checkout
 * Session opened on an old link can still be paid after the renewal (it lives up to 24 hours), so
 * the chain, not the link, is what gets paid once.
 */

/** Renewal chains are a handful of links; this only stops a corrupt cycle from looping forever. */
const MAX_CHAIN = 50;

/** The newest link of the chain after `linkId` (the one still on offer), or null if none. */
async function latestReplacementOf(ctx: AppContext, linkId: string) {
  let replacedBy = (
    await ctx.db
      .selectFrom('payment_links')
      .select('replaced_by')
      .where('id', '=', linkId)
      .executeTakeFirst()
  )?.replaced_by;
  let latest: { id: string; status: string; tenant_id: string } | undefined;
  for (let step = 0; replacedBy && step < MAX_CHAIN; step++) {
    const next = await ctx.db
      .selectFrom('payment_links')
      .select(['id', 'status', 'tenant_id', 'replaced_by'])
      .where('id', '=', replacedBy)
      .executeTakeFirst();
    if (!next) break;
    latest = next;
    replacedBy = next.replaced_by;
  }
  return latest ?? null;
}

/**
 * A payment succeeded on a link that staff had renewed: the replacement must not be paid again.
 * The newest link of the chain is marked paid (at the same time, with no payment of its own: the
 * money is recorded on the link it was paid through), its reminders are cancelled, and its unsent
 * link messages are cancelled by their send jobs (the link is closed). Run it in the payment's
 * transaction, before the paid link is claimed.
 *
 * 'already-paid': the newest link was paid first (a second payment for one debt: to refund).
 * The update is conditional and retried, so a renewal or a payment racing it is seen, not lost.
 */
export async function closeReplacementsOf(
  ctx: AppContext,
  payment: { linkId: string; reference: string; provider: string; paidAt: number },
): Promise<'none' | 'closed' | 'already-paid'> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const latest = await latestReplacementOf(ctx, payment.linkId);
    if (!latest) return 'none';
    if (latest.status === 'paid') return 'already-paid';
    const closed = await ctx.db
      .updateTable('payment_links')
      .set({
        status: 'paid',
        paid_at: payment.paidAt,
        processing_since: null,
        failure_reason: null,
      })
      .where('id', '=', latest.id)
      .where('status', '<>', 'paid')
      .where('replaced_by', 'is', null)
      .returning('id')
      .execute();
    if (closed.length === 0) continue; // Renewed or paid meanwhile: look again.
    await cancelReminders(ctx, latest.id);
    // The leaseholder, not the link ids: a link id is the key to someone's balance.
    await writeAudit(ctx.db, ctx.clock, {
      actor: payment.provider,
      action: 'payment_link.paid_through_earlier_link',
      subject: latest.tenant_id,
      details: { reference: payment.reference },
    });
    return 'closed';
  }
  // Never 'already-paid' on a guess: failing makes the provider deliver the event again.
  throw new Error('The renewal chain kept changing while a payment was recorded.');
}

/**
 * The links this one replaced, newest first. Only read for a link paid through an earlier one
 * (its success page and receipt show that payment), so the unindexed replaced_by look-up is rare.
 */
export async function predecessorsOf(ctx: AppContext, linkId: string): Promise<string[]> {
  const ids: string[] = [];
  let current = linkId;
  for (let step = 0; step < MAX_CHAIN; step++) {
    const previous = await ctx.db
      .selectFrom('payment_links')
      .select('id')
      .where('replaced_by', '=', current)
      .executeTakeFirst();
    if (!previous) break;
    ids.push(previous.id);
    current = previous.id;
  }
  return ids;
}
