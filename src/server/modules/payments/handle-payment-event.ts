import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/with-transaction.js';
import type {
  CheckoutState,
  PaymentProvider,
  ProviderEvent,
  ReturnState,
} from '../../integrations/payments/payment-provider.js';
import { writeAudit } from '../../lib/audit.js';
import { applyCheckout, type CheckoutOutcome, type Mismatch } from './apply-checkout.js';
import { applyReturn, type ReturnOutcome } from './apply-return.js';

export type EventOutcome =
  | CheckoutOutcome
  | ReturnOutcome
  | 'not-ours'
  | 'ignored'
  | 'duplicate-event';

type ReturnedEvent = Extract<ProviderEvent, { kind: 'return' }>;

type ReturnsProvider = Pick<
  PaymentProvider,
  'findCheckoutReference' | 'retrieveCheckout' | 'refundTotals'
>;

/**
 * Where a refund or dispute belongs, asked of the provider before the transaction starts. Its
 * PaymentIntent names a payment of ours, or a payment recorded before we kept that id is found
 * through its Checkout Session (`reference`). A session whose payment we never recorded (its
 * webhook still on the way) comes with its state, to be recorded first. 'not-ours': no checkout
 * of the portal's took it (the agent's Stripe account may take other payments too). A refund's
 * totals are asked again, as they are now: one may have failed since the event was sent.
 */
async function findReturnedPayment(
  ctx: AppContext,
  returned: ReturnState,
  provider: ReturnsProvider,
): Promise<
  'not-ours' | { reference: string | null; unrecorded: CheckoutState | null; now: ReturnState }
> {
  const byIntent = await ctx.db
    .selectFrom('payments')
    .select('id')
    .where('payment_intent', '=', returned.paymentIntent)
    .executeTakeFirst();
  if (byIntent) {
    return { reference: null, unrecorded: null, now: await asItIsNow(returned, provider) };
  }
  const reference = await provider.findCheckoutReference(returned.paymentIntent);
  if (!reference) return 'not-ours';
  const recorded = await ctx.db
    .selectFrom('payments')
    .select('id')
    .where('provider_ref', '=', reference)
    .executeTakeFirst();
  return {
    reference,
    unrecorded: recorded ? null : await provider.retrieveCheckout(reference),
    now: await asItIsNow(returned, provider),
  };
}

/** A refund with its totals as the provider has them now; a dispute as its event says. */
async function asItIsNow(returned: ReturnState, provider: ReturnsProvider): Promise<ReturnState> {
  if (returned.kind !== 'refund') return returned;
  return { ...returned, ...(await provider.refundTotals(returned.paymentIntent)) };
}

/**
 * Handles one verified webhook event exactly once: its id goes into payment_events in the same
 * transaction as everything it changes, so a replay (Stripe retries for days, and may send the
 * same event twice at once) finds the id and changes nothing, and a crash midway leaves no trace
 * and lets the retry do it all.
 */
export async function handlePaymentEvent(
  ctx: AppContext,
  event: ProviderEvent,
  log: FastifyBaseLogger,
  provider: ReturnsProvider,
): Promise<EventOutcome> {
  const returned =
    event.kind === 'return' ? await findReturnedPayment(ctx, event.returned, provider) : null;
  return withTransaction(ctx, async (tx) => {
    const reference =
      event.kind === 'checkout'
        ? event.checkout.reference
        : event.kind === 'return'
          ? event.returned.paymentIntent
          : null;
    const fresh = await tx.db
      .insertInto('payment_events')
      .values({
        id: event.id,
        provider: 'stripe',
        type: event.type,
        provider_ref: reference,
        outcome: 'received',
        received_at: tx.clock.now(),
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returning('id')
      .execute();
    if (fresh.length === 0) return 'duplicate-event';

    const onMismatch = async (mismatch: Mismatch) => {
      log.warn(
        { event: event.id, session: mismatch.reference, problems: mismatch.problems },
        'Stripe checkout does not match its payment link: not recorded as paid',
      );
      await writeAudit(tx.db, tx.clock, {
        actor: 'stripe',
        action: 'payment.mismatch',
        subject: mismatch.linkId ?? undefined,
        details: { event: event.id, session: mismatch.reference, problems: mismatch.problems },
      });
    };
    let outcome: EventOutcome;
    if (event.kind === 'return') {
      outcome = await applyReturnEvent(tx, event, returned!, onMismatch, log);
    } else if (event.kind === 'ignored') {
      outcome = 'ignored';
    } else {
      outcome = await applyCheckout(tx, event.type, event.checkout, onMismatch);
      if (outcome === 'link-already-paid') {
        // A second payment for a link that was already paid: staff must refund one of them.
        log.warn({ event: event.id }, 'payment for a link that was already paid');
        await writeAudit(tx.db, tx.clock, {
          actor: 'stripe',
          action: 'payment.duplicate_for_paid_link',
          subject: event.checkout.linkId ?? undefined,
          details: { event: event.id, session: event.checkout.reference },
        });
      }
    }
    await tx.db.updateTable('payment_events').set({ outcome }).where('id', '=', event.id).execute();
    return outcome;
  });
}

/** A refund or dispute: its payment recorded first if its own webhook has not come yet. */
async function applyReturnEvent(
  tx: AppContext,
  event: ReturnedEvent,
  found: Awaited<ReturnType<typeof findReturnedPayment>>,
  onMismatch: (mismatch: Mismatch) => Promise<void>,
  log: FastifyBaseLogger,
): Promise<EventOutcome> {
  if (found === 'not-ours') return 'not-ours';
  if (found.unrecorded) {
    await applyCheckout(tx, 'checkout.completed', found.unrecorded, onMismatch);
  }
  const outcome = await applyReturn(tx, event.id, found.now, found.reference);
  if (outcome === 'payment-unknown' || outcome === 'mismatch') {
    // Money went back from a payment we cannot match: staff must look at it in Stripe.
    log.warn({ event: event.id, outcome }, 'refund or dispute for no payment of ours');
    await writeAudit(tx.db, tx.clock, {
      actor: 'stripe',
      action: 'payment.return_unmatched',
      details: { event: event.id, type: event.type, outcome },
    });
  }
  return outcome;
}
