import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/with-transaction.js';
import type {
  PaymentProvider,
  ProviderEvent,
} from '../../integrations/payments/payment-provider.js';
import { writeAudit } from '../../lib/audit.js';
import { applyCheckout, type CheckoutOutcome } from './apply-checkout.js';
import { applyReturn, type ReturnOutcome } from './apply-return.js';

export type EventOutcome =
  | CheckoutOutcome
  | ReturnOutcome
  | 'not-ours'
  | 'ignored'
  | 'duplicate-event';

/**
 * A refund or dispute names Stripe's PaymentIntent; a payment recorded before we kept that id
 * is found through its Checkout Session, asked of the provider before the transaction starts.
 * 'not-ours': no checkout of the portal's took it (the agent's Stripe account may take other
 * payments too), so there is nothing to apply and nothing for staff to look at.
 */
async function checkoutReferenceFor(
  ctx: AppContext,
  event: ProviderEvent,
  provider: Pick<PaymentProvider, 'findCheckoutReference'>,
): Promise<string | null | 'not-ours'> {
  if (event.kind !== 'return') return null;
  const known = await ctx.db
    .selectFrom('payments')
    .select('id')
    .where('payment_intent', '=', event.returned.paymentIntent)
    .executeTakeFirst();
  if (known) return null;
  return (await provider.findCheckoutReference(event.returned.paymentIntent)) ?? 'not-ours';
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
  provider: Pick<PaymentProvider, 'findCheckoutReference'>,
): Promise<EventOutcome> {
  const checkoutReference = await checkoutReferenceFor(ctx, event, provider);
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

    if (event.kind === 'return') {
      const outcome =
        checkoutReference === 'not-ours'
          ? 'not-ours'
          : await applyReturn(tx, event.id, event.returned, checkoutReference);
      if (outcome === 'payment-unknown' || outcome === 'mismatch') {
        // Money went back from a payment we cannot match: staff must look at it in Stripe.
        log.warn({ event: event.id, outcome }, 'refund or dispute for no payment of ours');
        await writeAudit(tx.db, tx.clock, {
          actor: 'stripe',
          action: 'payment.return_unmatched',
          details: { event: event.id, type: event.type, outcome },
        });
      }
      await tx.db
        .updateTable('payment_events')
        .set({ outcome })
        .where('id', '=', event.id)
        .execute();
      return outcome;
    }
    const outcome: EventOutcome =
      event.kind === 'ignored'
        ? 'ignored'
        : await applyCheckout(tx, event.type, event.checkout, async (mismatch) => {
            log.warn(
              { event: event.id, session: mismatch.reference, problems: mismatch.problems },
              'Stripe checkout does not match its payment link: not recorded as paid',
            );
            await writeAudit(tx.db, tx.clock, {
              actor: 'stripe',
              action: 'payment.mismatch',
              subject: mismatch.linkId ?? undefined,
              details: {
                event: event.id,
                session: mismatch.reference,
                problems: mismatch.problems,
              },
            });
          });
    if (outcome === 'link-already-paid' && event.kind === 'checkout') {
      // A second payment for a link that was already paid: staff must refund one of them.
      log.warn({ event: event.id }, 'payment for a link that was already paid');
      await writeAudit(tx.db, tx.clock, {
        actor: 'stripe',
        action: 'payment.duplicate_for_paid_link',
        subject: event.checkout.linkId ?? undefined,
        details: { event: event.id, session: event.checkout.reference },
      });
    }
    await tx.db.updateTable('payment_events').set({ outcome }).where('id', '=', event.id).execute();
    return outcome;
  });
}
