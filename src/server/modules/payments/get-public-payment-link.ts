import { penceToDecimalString } from '../../../shared/money.js';
import {
  PAYMENT_LINK_NOT_AVAILABLE_MESSAGE,
  type PublicPaymentLink,
} from '../../../shared/payment-page.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import {
  findLink,
  findLinkToShow,
  type LinkState,
  type LinkWithTenant,
  type PublicLinkState,
  publicStateOf,
} from './find-link.js';
import { recordMiss, refuseIfLimited } from './link-miss-limit.js';

export function notAvailable(): AppError {
  return new AppError(404, PAYMENT_LINK_NOT_AVAILABLE_MESSAGE);
}

/**
 * The link as the payment page may show it, or the one not-available answer. Counts a miss
 * against the caller's address (link-miss-limit.ts). Reads only: mail scanners and link
 * previews fetch links, so a GET must not mark or start anything.
 */
async function findAvailable<Link extends LinkState>(
  ctx: AppContext,
  linkId: string,
  ip: string,
  find: (ctx: AppContext, linkId: string) => Promise<Link | null>,
): Promise<{ link: Link; state: PublicLinkState }> {
  await refuseIfLimited(ctx, ip);
  const link = await find(ctx, linkId);
  const state = publicStateOf(link, ctx.clock.now());
  if (!link || !state) {
    await recordMiss(ctx, ip);
    throw notAvailable();
  }
  return { link, state };
}

/** The whole link with its leaseholder, for the calls that act on it (paying, its opening). */
export function findAvailableLink(
  ctx: AppContext,
  linkId: string,
  ip: string,
): Promise<{ link: LinkWithTenant; state: PublicLinkState }> {
  return findAvailable(ctx, linkId, ip, findLink);
}

export async function getPublicPaymentLink(
  ctx: AppContext,
  linkId: string,
  ip: string,
): Promise<PublicPaymentLink> {
  const { link, state } = await findAvailable(ctx, linkId, ip, findLinkToShow);
  return {
    id: link.id,
    amount: penceToDecimalString(link.amount_pence),
    amountPence: link.amount_pence,
    expiresAt: new Date(link.expires_at).toISOString(),
    status: state,
    tenant: { name: link.tenant_name, address: link.tenant_address },
  };
}
