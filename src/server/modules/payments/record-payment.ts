import type { PaymentMethod } from '../../../shared/payment-page.js';
import type { AppContext } from '../../context.js';
import type { PaymentProvider } from '../../db/schema.js';
import { withTransaction } from '../../db/with-transaction.js';
import { writeAudit } from '../../lib/audit.js';
import { newId } from '../../lib/ids.js';
import { addAccountEvent, takePayment } from '../accounts/account-ledger.js';
import { cancelReminders } from '../messages/cancel-reminders.js';
import { sendConfirmation } from '../messages/send-confirmation.js';

/** One provider payment, as the provider reported it and already checked against its link. */
export interface ProviderPayment {
  linkId: string;
  provider: PaymentProvider;
  /** Stripe Checkout Session id or demo reference: unique, the idempotency key of a payment. */
  reference: string;
  method: PaymentMethod;
  amountPence: number;
  currency: string;
  /** Stripe's PaymentIntent id, which its refunds and disputes name (apply-return.ts). */
  paymentIntent?: string | null;
}

/**
 * 'recorded' / 'processing' / 'failed': this call changed something. 'duplicate': this payment
 * was already at this stage or beyond (a replayed or out-of-order event). 'link-already-paid':
 * the balance was already covered (a second payment: recorded as a credit to give back, or
 * refused with onlyIfOwed). 'link-missing': no such link.
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
    payment_intent: payment.paymentIntent ?? null,
    failure_reason: null,
    created_at: now,
    updated_at: now,
    paid_at: null,
  };
}

/**
 * A payment succeeded. One transaction: the payment row, the amount off the account's balance
 * (account-ledger.ts), the link's part paid, and the confirmation queued, so a crash leaves all
 * or nothing. While something is still owed the link stays open for the rest (a part payment);
 * once the balance is covered the link is paid, and so is any newer link of the account still
 * open (a link staff renewed can still be paid through a Checkout Session opened before the
 * renewal: the money is recorded on the link it was paid through).
 *
 * A payment for a balance already covered (a Direct Debit settling after a card payment) is
 * still recorded and leaves a credit on the account for staff to refund: 'link-already-paid'.
 * `onlyIfOwed` refuses it instead, recording nothing (the demo provider takes no real money, so
 * two presses at once must not both pay).
 */
export function recordPaymentSucceeded(
  ctx: AppContext,
  payment: ProviderPayment,
  options: { onlyIfOwed?: boolean } = {},
): Promise<RecordOutcome> {
  return withTransaction(ctx, async (tx) => {
    const existing = await findPayment(tx, payment.reference);
    // Succeeded and failed are final: a late or replayed event never moves a payment back.
    if (existing && existing.status !== 'processing') return 'duplicate';
    const link = await tx.db
      .selectFrom('payment_links')
      .select(['id', 'tenant_id', 'status', 'replaced_by'])
      .where('id', '=', payment.linkId)
      .executeTakeFirst();
    if (!link) return 'link-missing';

    const now = tx.clock.now();
    let paymentId: string;
    if (existing) {
      const settled = await tx.db
        .updateTable('payments')
        .set((eb) => ({
          status: 'succeeded',
          paid_at: now,
          updated_at: now,
          payment_intent: eb.fn.coalesce('payment_intent', eb.val(payment.paymentIntent ?? null)),
        }))
        .where('id', '=', existing.id)
        .where('status', '=', 'processing')
        .executeTakeFirst();
      // Settled meanwhile by a concurrent delivery of the same event.
      if (Number(settled.numUpdatedRows) === 0) return 'duplicate';
      paymentId = existing.id;
    } else {
      const [inserted] = await tx.db
        .insertInto('payments')
        .values({ ...newPaymentRow(tx, payment), status: 'succeeded', paid_at: now })
        .onConflict((conflict) => conflict.column('provider_ref').doNothing())
        .returning('id')
        .execute();
      if (!inserted) return 'duplicate';
      paymentId = inserted.id;
    }
    const balance = await takePayment(tx, link.tenant_id, payment.amountPence, options);
    if (balance === null) {
      await tx.db.deleteFrom('payments').where('id', '=', paymentId).execute();
      return 'link-already-paid';
    }

    const wasPaid = link.status === 'paid' || balance + payment.amountPence <= 0;
    const covered = balance <= 0 && !wasPaid;
    await tx.db
      .updateTable('payment_links')
      .set((eb) => ({
        paid_pence: eb('paid_pence', '+', payment.amountPence),
        processing_since: null,
        ...(covered ? { status: 'paid' as const, paid_at: now, failure_reason: null } : {}),
      }))
      .where('id', '=', link.id)
      .execute();
    if (covered) await closeNewerLinksAsPaid(tx, link, payment, now);
    if (balance < 0) {
      await addAccountEvent(tx, {
        tenantId: link.tenant_id,
        kind: 'credit',
        actor: payment.provider,
        details: { creditPence: -balance, reference: payment.reference },
      });
    }
    await sendConfirmation(tx, {
      linkId: payment.linkId,
      transactionId: payment.reference,
      paidAt: now,
      method: payment.method,
      amountPence: payment.amountPence,
      isPartPayment: balance > 0,
    });
    return wasPaid ? 'link-already-paid' : 'recorded';
  });
}

/**
 * The balance is covered: the account's other open links (a renewal's newer link) are paid too,
 * with no payment of their own, so they send no more reminders and cannot take it twice.
 */
async function closeNewerLinksAsPaid(
  ctx: AppContext,
  link: { id: string; tenant_id: string; replaced_by: string | null },
  payment: ProviderPayment,
  now: number,
) {
  const closed = await ctx.db
    .updateTable('payment_links')
    .set({ status: 'paid', paid_at: now, processing_since: null, failure_reason: null })
    .where('tenant_id', '=', link.tenant_id)
    .where('id', '<>', link.id)
    .where('status', '=', 'pending')
    .where('processing_since', 'is', null)
    .returning('id')
    .execute();
  await cancelReminders(
    ctx,
    closed.map(({ id }) => id),
  );
  if (closed.length > 0 && link.replaced_by !== null) {
    // The leaseholder, not the link ids: a link id is the key to someone's balance.
    await writeAudit(ctx.db, ctx.clock, {
      actor: payment.provider,
      action: 'payment_link.paid_through_earlier_link',
      subject: link.tenant_id,
      details: { reference: payment.reference },
    });
  }
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
