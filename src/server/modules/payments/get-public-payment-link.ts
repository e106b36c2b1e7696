import { penceToDecimalString } from '../../../shared/money.js';
import {
  PAYMENT_LINK_NOT_AVAILABLE_MESSAGE,
  type PublicPaymentLink,
} from '../../../shared/payment-page.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { type PublicLinkState, publicStateOf } from '../payment-links/link-state.js';
import { findLink, type LinkWithTenant } from './find-link.js';
import { recordMiss, refuseIfLimited } from './link-miss-limit.js';

export function notAvailable(): AppError {
  return new AppError('NOT_FOUND', PAYMENT_LINK_NOT_AVAILABLE_MESSAGE);
}

/**
 * The link as the payment page may show it, or the one not-available answer. Counts a miss
 * against the caller's address (link-miss-limit.ts). Reads only: mail scanners and link
 * previews fetch links, so a GET must not mark or start anything.
 */
export async function findAvailableLink(
  ctx: AppContext,
  linkId: string,
  ip: string,
): Promise<{ link: LinkWithTenant; state: PublicLinkState }> {
  await refuseIfLimited(ctx, ip);
  const link = await findLink(ctx, linkId);
  const state = publicStateOf(link, ctx.clock.now());
  if (!link || !state) {
    await recordMiss(ctx, ip);
    throw notAvailable();
  }
  return { link, state };
}

/**
 * What the link asks for: while it is open, the account's balance now (part payments and
 * offline payments already taken off); once paid or settling, what it asked for.
 */
export function amountDueOn(
  link: Pick<LinkWithTenant, 'amount_pence' | 'balance_pence'>,
  state: PublicLinkState,
): number {
  return state === 'pending' ? Math.max(0, link.balance_pence) : link.amount_pence;
}

/** GET /api/payment-link/{id}: only what the page shows (ARCHITECTURE section 7). */
export async function getPublicPaymentLink(
  ctx: AppContext,
  linkId: string,
  ip: string,
): Promise<PublicPaymentLink> {
  const { link, state } = await findAvailableLink(ctx, linkId, ip);
  const amountPence = amountDueOn(link, state);
  return {
    id: link.id,
    amount: penceToDecimalString(amountPence),
    amountPence,
    paidAmount: penceToDecimalString(link.paid_pence),
    paidPence: link.paid_pence,
    minimumPence: Math.min(ctx.config.minPartPaymentPence, amountPence),
    expiresAt: new Date(link.expires_at).toISOString(),
    status: state,
    tenant: { name: link.tenant_name, address: link.tenant_address },
  };
}
