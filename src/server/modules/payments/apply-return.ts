import { type SqlBool, sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { ReturnState } from '../../integrations/payments/payment-provider.js';
import { writeAudit } from '../../lib/audit.js';
import { addAccountEvent, closeOpenLinks, takePayment } from '../accounts/account-ledger.js';

/**
 * 'returned': money went back to the leaseholder and they owe it again; 'restored': a dispute
 * was won, or a refund failed, and the payment counts again; 'noted': a dispute moved on, or a
 * refund failed before we heard of it, without money moving; 'duplicate': nothing new (a replay,
 * or an event older than what we know).
 */
export type ReturnOutcome =
  | 'returned'
  | 'restored'
  | 'noted'
  | 'duplicate'
  | 'payment-unknown'
  | 'not-settled'
  | 'mismatch';

/**
 * Disputes still waiting for the agent's evidence, spelled as migration 0024's partial index is,
 * so that the dashboard and the metrics read only that index.
 */
export const awaitingEvidence = sql<SqlBool>`payments.dispute_status in ('needs_response', 'warning_needs_response')`;

/** A dispute in one of these states is over; an older event cannot reopen it. */
const FINAL_DISPUTE_STATES = new Set(['won', 'lost', 'warning_closed']);

/** What the audit log calls it. */
function auditedAs(kind: ReturnState['kind'], deltaPence: number, status: string | null) {
  if (kind === 'refund') {
    return { action: deltaPence < 0 ? 'payment.refund_failed' : 'payment.refunded' };
  }
  if (deltaPence > 0) return { action: 'payment.disputed' };
  return status !== null && FINAL_DISPUTE_STATES.has(status)
    ? { action: 'payment.dispute_closed' }
    : { action: 'payment.dispute_updated' };
}

/**
 * Applies money a provider gave back from one of our payments, inside the webhook's
 * transaction. The provider reports running totals, so the change is the difference from what
 * is recorded: the balance goes up by what went back (down again when a dispute is won), the
 * link it was paid through shows that much less paid, and the account's history and the audit
 * log say what happened. A balance brought back to nothing closes the account's open link.
 */
export async function applyReturn(
  ctx: AppContext,
  eventId: string,
  returned: ReturnState,
  checkoutReference: string | null,
): Promise<ReturnOutcome> {
  const payment = await ctx.db
    .selectFrom('payments')
    .innerJoin('payment_links', 'payment_links.id', 'payments.link_id')
    .select([
      'payments.id',
      'payments.link_id',
      'payments.provider_ref',
      'payments.method',
      'payments.amount_pence',
      'payments.currency',
      'payments.status',
      'payments.refunded_pence',
      'payments.refund_failed_pence',
      'payments.disputed_pence',
      'payments.dispute_status',
      'payments.dispute_respond_by',
      'payment_links.tenant_id',
    ])
    .where((eb) =>
      eb.or([
        eb('payments.payment_intent', '=', returned.paymentIntent),
        ...(checkoutReference ? [eb('payments.provider_ref', '=', checkoutReference)] : []),
      ]),
    )
    .$if(ctx.engine === 'postgres', (query) => query.forUpdate('payments'))
    .executeTakeFirst();
  if (!payment) return 'payment-unknown';
  if (payment.status !== 'succeeded') return 'not-settled';
  if (payment.currency !== returned.currency) return 'mismatch';

  const isDispute = returned.kind === 'dispute';
  if (
    isDispute &&
    payment.dispute_status !== null &&
    FINAL_DISPUTE_STATES.has(payment.dispute_status) &&
    !FINAL_DISPUTE_STATES.has(returned.disputeStatus ?? '')
  ) {
    return 'duplicate';
  }
  // Refunds made and refunds failed only add up, so the larger of each is the newer; what went
  // back is their difference, never more than was paid in all.
  const failed = Math.max(payment.refund_failed_pence, returned.failedPence);
  const made = Math.max(payment.refunded_pence + payment.refund_failed_pence, returned.totalPence);
  const refunded = isDispute
    ? payment.refunded_pence
    : Math.min(payment.amount_pence, Math.max(0, made - failed));
  const disputed = Math.min(
    payment.amount_pence - refunded,
    isDispute ? returned.totalPence : payment.disputed_pence,
  );
  const status = isDispute ? returned.disputeStatus : payment.dispute_status;
  const deltaPence = refunded + disputed - payment.refunded_pence - payment.disputed_pence;
  const isNews = deltaPence !== 0 || status !== payment.dispute_status;
  if (!isNews && failed === payment.refund_failed_pence) return 'duplicate';

  const now = ctx.clock.now();
  await ctx.db
    .updateTable('payments')
    .set({
      refunded_pence: refunded,
      refund_failed_pence: failed,
      disputed_pence: disputed,
      dispute_status: status,
      dispute_respond_by: isDispute ? returned.respondBy : payment.dispute_respond_by,
      payment_intent: returned.paymentIntent,
      updated_at: now,
    })
    .where('id', '=', payment.id)
    .execute();
  // A refund that failed before we heard of it: nothing went back, so nothing to tell.
  if (!isNews) return 'noted';

  let balancePence: number | null = null;
  if (deltaPence !== 0) {
    // A negative payment: what went back is owed again.
    balancePence = await takePayment(ctx, payment.tenant_id, -deltaPence);
    await ctx.db
      .updateTable('payment_links')
      .set({
        paid_pence: sql<number>`case when paid_pence > ${deltaPence} then paid_pence - ${deltaPence} else 0 end`,
        returned_pence: sql<number>`returned_pence + ${deltaPence}`,
      })
      .where('id', '=', payment.link_id)
      .execute();
    if (balancePence !== null && balancePence <= 0) {
      await closeOpenLinks(ctx, 'settled', [{ tenantId: payment.tenant_id }]);
    }
  }
  const details = {
    kind: returned.kind,
    pence: deltaPence,
    status,
    reason: returned.reason,
    ...(isDispute && returned.respondBy ? { respondBy: returned.respondBy } : {}),
    reference: payment.provider_ref,
    method: payment.method,
    ...(balancePence === null ? {} : { balancePence }),
  };
  await addAccountEvent(ctx, {
    tenantId: payment.tenant_id,
    kind: 'payment_returned',
    actor: 'stripe',
    details,
  });
  // The leaseholder, not the link: a link id is the key to someone's balance.
  await writeAudit(ctx.db, ctx.clock, {
    actor: 'stripe',
    ...auditedAs(returned.kind, deltaPence, status),
    subject: payment.tenant_id,
    details: { event: eventId, ...details },
  });
  if (deltaPence > 0) return 'returned';
  return deltaPence < 0 ? 'restored' : 'noted';
}
