import type { PaymentMethod } from '../../../shared/payment-page.js';
import type { AppContext } from '../../context.js';
import type { PaymentProvider } from '../../db/schema.js';
import { withTransaction } from '../../db/with-transaction.js';
import { newId } from '../../lib/ids.js';
import { cancelReminders } from '../messages/cancel-reminders.js';
import { sendConfirmation } from '../messages/send-confirmation.js';
import { closeReplacementsOf } from './renewal-chain.js';

/** One provider payment, as the provider reported it and already checked against its link. */
export interface ProviderPayment {
  linkId: string;
  provider: PaymentProvider;
  /** Stripe Checkout Session id or demo reference: unique, the idempotency key of a payment. */
  reference: string;
  method: PaymentMethod;
  amountPence: number;
  currency: string;
}

/**
 * 'recorded' / 'processing' / 'failed': this call changed something. 'duplicate': this payment
 * was already at this stage or beyond (a replayed or out-of-order event). 'link-already-paid':
 * another payment had already paid the link (a second payment: money to give back).
 * 'link-missing': no such link.
 */
export type RecordOutcome =
  | 'recorded'
  | 'processing'
  | 'failed'
  | 'duplicate'
  | 'link-already-paid'
  | 'link-missing';

function findPayment(ctx: AppContext, reference: string) {
  return ctx.db
    .selectFrom('payments')
    .select(['id', 'status'])
    .where('provider_ref', '=', reference)
    .executeTakeFirst();
}

async function linkExists(ctx: AppContext, linkId: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('payment_links')
    .select('id')
    .where('id', '=', linkId)
    .executeTakeFirst();
  return row !== undefined;
}

function newPaymentRow(ctx: AppContext, payment: ProviderPayment) {
  const now = ctx.clock.now();
  return {
    id: newId(),
    link_id: payment.linkId,
    provider: payment.provider,
    provider_ref: payment.reference,
    method: payment.method,
    amount_pence: payment.amountPence,
    currency: payment.currency,
    failure_reason: null,
    created_at: now,
    updated_at: now,
    paid_at: null,
  };
}

/**
 * A payment succeeded. One transaction: the payment row, the link paid, its reminders cancelled
 * and the confirmation queued (sendConfirmation), so a crash leaves all or nothing. The link is
 * claimed with a conditional update (status <> 'paid'): of two concurrent successes only one
 * changes it, the other finds it paid and records nothing.
 *
 * A link staff have renewed can still be paid through a Checkout Session opened before the
 * renewal. The money is recorded on that link (it is what the leaseholder paid and what Stripe
 * reports), and the link that replaced it is closed as paid (renewal-chain.ts), so it sends no
 * more reminders and cannot take the same balance twice. If the replacement was paid first, this
 * is a second payment for one debt: 'link-already-paid', as for a second payment on one link.
 */
export function recordPaymentSucceeded(
  ctx: AppContext,
  payment: ProviderPayment,
): Promise<RecordOutcome> {
  return withTransaction(ctx, async (tx) => {
    const existing = await findPayment(tx, payment.reference);
    // Succeeded and failed are final: a late or replayed event never moves a payment back.
    if (existing && existing.status !== 'processing') return 'duplicate';
    if (!(await linkExists(tx, payment.linkId))) return 'link-missing';
    // Paid meanwhile: by this very payment (a concurrent duplicate), or by another one.
    const paidBefore = async () =>
      (await findPayment(tx, payment.reference))?.status === 'succeeded'
        ? 'duplicate'
        : 'link-already-paid';

    const now = tx.clock.now();
    const replacements = await closeReplacementsOf(tx, {
      linkId: payment.linkId,
      reference: payment.reference,
      provider: payment.provider,
      paidAt: now,
    });
    if (replacements === 'already-paid') return paidBefore();
    const claimed = await tx.db
      .updateTable('payment_links')
      .set({ status: 'paid', paid_at: now, processing_since: null, failure_reason: null })
      .where('id', '=', payment.linkId)
      .where('status', '<>', 'paid')
      .returning('id')
      .execute();
    if (claimed.length === 0) return paidBefore();

    if (existing) {
      await tx.db
        .updateTable('payments')
        .set({ status: 'succeeded', paid_at: now, updated_at: now })
        .where('id', '=', existing.id)
        .execute();
    } else {
      await tx.db
        .insertInto('payments')
        .values({ ...newPaymentRow(tx, payment), status: 'succeeded', paid_at: now })
        .execute();
    }
    await sendConfirmation(tx, {
      linkId: payment.linkId,
      transactionId: payment.reference,
      paidAt: now,
      method: payment.method,
    });
    return 'recorded';
  });
}

/**
 * A Bacs Direct Debit or open-banking payment was authorised but has not settled: the link shows
 * as processing, stops getting reminders and is not offered for payment again until it settles.
 */
export function recordPaymentProcessing(
  ctx: AppContext,
  payment: ProviderPayment,
): Promise<RecordOutcome> {
  return withTransaction(ctx, async (tx) => {
    if (await findPayment(tx, payment.reference)) return 'duplicate';
    if (!(await linkExists(tx, payment.linkId))) return 'link-missing';
    const now = tx.clock.now();
    const inserted = await tx.db
      .insertInto('payments')
      .values({ ...newPaymentRow(tx, payment), status: 'processing' })
      .onConflict((conflict) => conflict.column('provider_ref').doNothing())
      .returning('id')
      .execute();
    if (inserted.length === 0) return 'duplicate';
    await tx.db
      .updateTable('payment_links')
      .set({ processing_since: now, failure_reason: null })
      .where('id', '=', payment.linkId)
      .where('status', '<>', 'paid')
      .where('processing_since', 'is', null)
      .execute();
    await cancelReminders(tx, payment.linkId);
    return 'processing';
  });
}

/**
 * An asynchronous payment failed: the payment and its link are failed, with the reason. A link
 * another payment has already paid stays paid.
 */
export function recordPaymentFailed(
  ctx: AppContext,
  payment: ProviderPayment & { reason: string },
): Promise<RecordOutcome> {
  return withTransaction(ctx, async (tx) => {
    const existing = await findPayment(tx, payment.reference);
    if (existing && existing.status !== 'processing') return 'duplicate';
    if (!(await linkExists(tx, payment.linkId))) return 'link-missing';
    const now = tx.clock.now();
    if (existing) {
      await tx.db
        .updateTable('payments')
        .set({ status: 'failed', failure_reason: payment.reason, updated_at: now })
        .where('id', '=', existing.id)
        .where('status', '=', 'processing')
        .execute();
    } else {
      await tx.db
        .insertInto('payments')
        .values({ ...newPaymentRow(tx, payment), status: 'failed', failure_reason: payment.reason })
        .onConflict((conflict) => conflict.column('provider_ref').doNothing())
        .execute();
    }
    await tx.db
      .updateTable('payment_links')
      .set({ status: 'failed', failure_reason: payment.reason, processing_since: null })
      .where('id', '=', payment.linkId)
      .where('status', '<>', 'paid')
      .execute();
    await cancelReminders(tx, payment.linkId);
    return 'failed';
  });
}
