import { penceToDecimalString } from '../../../shared/money.js';
import {
  PAYMENT_LINK_NOT_AVAILABLE_MESSAGE,
  type PublicPaymentLink,
} from '../../../shared/payment-page.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { isoTimestamp } from '../../lib/iso-time.js';
import {
  findLink,
  findLinkToShow,
  findLinkToShowAtOnce,
  type LinkState,
  type LinkToShow,
  type LinkWithTenant,
  type PublicLinkState,
  publicStateOf,
} from './find-link.js';
import { isKnownUnderLimit, recordMiss, refuseIfLimited } from './link-miss-limit.js';

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

/**
 * The link page's own read. A leaseholder's link is answered at once, without a promise, when
 * their address is known to be under the limit and the link can be read at once: the page's
 * read is the hottest call there is, and it made four promises a request (decision 0011).
 * Anything else (a miss to count, an address to check, a connection in use, PostgreSQL) goes
 * the usual way, which reads the link again.
 */
export function getPublicPaymentLink(
  ctx: AppContext,
  linkId: string,
  ip: string,
): PublicPaymentLink | Promise<PublicPaymentLink> {
  return showAtOnce(ctx, linkId, ip) ?? showWhenFound(ctx, linkId, ip);
}

function showAtOnce(ctx: AppContext, linkId: string, ip: string): PublicPaymentLink | null {
  if (!isKnownUnderLimit(ctx, ip)) return null;
  const link = findLinkToShowAtOnce(ctx, linkId);
  const state = publicStateOf(link, ctx.clock.now());
  return link && state ? shown(link, state) : null;
}

async function showWhenFound(
  ctx: AppContext,
  linkId: string,
  ip: string,
): Promise<PublicPaymentLink> {
  const { link, state } = await findAvailable(ctx, linkId, ip, findLinkToShow);
  return shown(link, state);
}

function shown(link: LinkToShow, state: PublicLinkState): PublicPaymentLink {
  return {
    id: link.id,
    amount: penceToDecimalString(link.amount_pence),
    amountPence: link.amount_pence,
    expiresAt: isoTimestamp(link.expires_at),
    status: state,
    tenant: { name: link.tenant_name, address: link.tenant_address },
  };
}
