import { penceToDecimalString } from '../../../shared/money.js';
import {
  type LinkNotAvailable,
  PAYMENT_LINK_NOT_AVAILABLE_MESSAGE,
  type PublicPaymentLink,
} from '../../../shared/payment-page.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { type PublicLinkState, publicStateOf } from '../payment-links/link-state.js';
import { findLink, type LinkWithTenant } from './find-link.js';
import { recordMiss, refuseIfLimited } from './link-miss-limit.js';

/**
 * The 404 of a link that cannot be paid (shared/payment-page.ts LinkNotAvailable). Unknown,
 * expired, cancelled and failed links all answer the same, so a guessed id learns nothing; a
 * link of an account that owes nothing says so (with the day, when that is what closed it), and
 * one replaced by a newer link says when that was sent (never its amount or contact details), so
 * the leaseholder is not left asking for a link that will never come.
 */
async function notAvailable(
  ctx: AppContext,
  link: Pick<
    LinkWithTenant,
    'replaced_by' | 'status' | 'closed_reason' | 'closed_at' | 'balance_pence'
  > | null,
): Promise<AppError> {
  const body: Omit<LinkNotAvailable, 'message'> = {
    state: 'unavailable',
    canRequestNewLink: ctx.config.selfServiceNewLinks,
  };
  if (link && link.balance_pence <= 0) {
    // Whatever closed the link (settled, expired, replaced), nothing is owed now: offering a new
    // link here would promise one that never comes.
    body.state = 'settled';
    if (link.closed_reason === 'settled' && link.closed_at) {
      body.settledOn = new Date(link.closed_at).toISOString();
    }
  } else if (link?.replaced_by && link.status !== 'paid') {
    const newer = await (ctx.readDb ?? ctx.db)
      .selectFrom('payment_links')
      .select('created_at')
      .where('id', '=', link.replaced_by)
      .executeTakeFirst();
    if (newer) {
      body.state = 'replaced';
      body.replacedOn = new Date(newer.created_at).toISOString();
    }
  }
  return new AppError('NOT_FOUND', PAYMENT_LINK_NOT_AVAILABLE_MESSAGE, { body });
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
    throw await notAvailable(ctx, link);
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
