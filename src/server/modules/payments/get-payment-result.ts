import { penceToDecimalString } from '../../../shared/money.js';
import {
  PAYMENT_NOT_FOUND_MESSAGE,
  type PaymentMethod,
  type PaymentResult,
} from '../../../shared/payment-page.js';
import type { AppContext } from '../../context.js';
import type { PaymentStatus } from '../../db/schema.js';
import type { PaymentProvider } from '../../integrations/payments/payment-provider.js';
import { AppError } from '../../lib/errors.js';
import { applyCheckout } from './apply-checkout.js';
import { findLink, type LinkWithTenant } from './find-link.js';
import { recordMiss, refuseIfLimited } from './link-miss-limit.js';

export interface LinkPayment {
  id: string;
  /** The link it was paid through: an earlier link of the renewal chain, for a renewed link. */
  link_id: string;
  provider_ref: string;
  method: PaymentMethod;
  amount_pence: number;
  status: PaymentStatus;
  failure_reason: string | null;
  paid_at: number | null;
  updated_at: number;
}

const RANK: Record<PaymentStatus, number> = { succeeded: 0, processing: 1, failed: 2 };

/** The payment that tells the story: the latest success, else one settling, else the latest. */
async function findPaymentOf(
  ctx: AppContext,
  where: { linkId: string } | { tenantId: string },
): Promise<LinkPayment | null> {
  const payments = await ctx.db
    .selectFrom('payments')
    .innerJoin('payment_links', 'payment_links.id', 'payments.link_id')
    .select([
      'payments.id',
      'payments.link_id',
      'payments.provider_ref',
      'payments.method',
      'payments.amount_pence',
      'payments.status',
      'payments.failure_reason',
      'payments.paid_at',
      'payments.updated_at',
    ])
    .where((eb) =>
      'linkId' in where
        ? eb('payments.link_id', '=', where.linkId)
        : eb('payment_links.tenant_id', '=', where.tenantId),
    )
    .execute();
  payments.sort((a, b) => RANK[a.status] - RANK[b.status] || b.updated_at - a.updated_at);
  return payments[0] ?? null;
}

/**
 * The link's own latest payment; for a link paid with no payment of its own (its balance was
 * covered through an earlier link of the account: record-payment.ts), the account's latest, so
 * its success page and receipt show what was paid.
 */
export async function findLinkPayment(
  ctx: AppContext,
  link: Pick<LinkWithTenant, 'id' | 'status' | 'tenant_id'>,
): Promise<LinkPayment | null> {
  const own = await findPaymentOf(ctx, { linkId: link.id });
  if (own?.status === 'succeeded' || link.status !== 'paid') return own;
  return (await findPaymentOf(ctx, { tenantId: link.tenant_id })) ?? own;
}

const SENT_STATUSES = new Set(['sent', 'delivered', 'read', 'captured']);
const SENDING_STATUSES = new Set(['queued', 'sending']);

async function receiptOf(ctx: AppContext, linkId: string): Promise<PaymentResult['receipt']> {
  const confirmations = await ctx.db
    .selectFrom('messages')
    .select('status')
    .where('link_id', '=', linkId)
    .where('kind', '=', 'confirmation')
    .execute();
  if (confirmations.some((message) => SENT_STATUSES.has(message.status))) return 'sent';
  if (confirmations.some((message) => SENDING_STATUSES.has(message.status))) return 'sending';
  return 'none';
}

/** The link and its payment, or 404 (the same answer for an unknown link and an unpaid one). */
export async function findPaidLink(
  ctx: AppContext,
  linkId: string,
  ip: string,
): Promise<{ link: LinkWithTenant; payment: LinkPayment | null }> {
  await refuseIfLimited(ctx, ip);
  const link = await findLink(ctx, linkId);
  if (!link) {
    await recordMiss(ctx, ip);
    throw new AppError('NOT_FOUND', PAYMENT_NOT_FOUND_MESSAGE);
  }
  return { link, payment: await findLinkPayment(ctx, link) };
}

/**
 * The success page's data: the real payment for the link. When Stripe sends the leaseholder
 * back before its webhook has arrived, the session id they bring is confirmed with Stripe (the
 * same idempotent recording as the webhook: Stripe's advice for fulfilment on the return page).
 * Only while no payment is known: a settling payment is left to its webhook, not polled.
 */
export async function getPaymentResult(
  ctx: AppContext,
  provider: PaymentProvider | null,
  input: { linkId: string; ip: string; sessionId?: string | undefined },
  onMismatch: (problems: string[]) => void,
): Promise<PaymentResult> {
  let { link, payment } = await findPaidLink(ctx, input.linkId, input.ip);
  if (!payment && input.sessionId && provider?.name === 'stripe') {
    const checkout = await provider.retrieveCheckout(input.sessionId);
    if (checkout && checkout.linkId === link.id) {
      await applyCheckout(ctx, 'checkout.completed', checkout, async (mismatch) =>
        onMismatch(mismatch.problems),
      );
      link = (await findLink(ctx, link.id)) ?? link;
      payment = await findLinkPayment(ctx, link);
    }
  }
  if (!payment) throw new AppError('NOT_FOUND', PAYMENT_NOT_FOUND_MESSAGE);

  const receipt = payment.status === 'succeeded' ? await receiptOf(ctx, payment.link_id) : 'none';
  return {
    status: payment.status,
    tenant: { name: link.tenant_name, address: link.tenant_address },
    amount: penceToDecimalString(payment.amount_pence),
    amountPence: payment.amount_pence,
    transactionId: payment.provider_ref,
    method: payment.method,
    paidAt: payment.paid_at === null ? null : new Date(payment.paid_at).toISOString(),
    receipt,
    receiptSent: receipt === 'sent',
    failureReason: payment.status === 'failed' ? payment.failure_reason : null,
    remainingAmount: penceToDecimalString(Math.max(0, link.balance_pence)),
    remainingPence: Math.max(0, link.balance_pence),
  };
}
