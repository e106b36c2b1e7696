import { penceToDecimalString } from '../../../shared/money.js';
import {
  PAYMENT_LINK_NOT_FOUND_MESSAGE,
  type RenewalPreview,
} from '../../../shared/payment-links.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';

/**
 * GET /api/payment-links/{id}/renewal (issue 31): what Renew would do, for staff to confirm
 * first: the amount the new link asks for (what the account owes now, as renewal uses), who it
 * goes to and by which channels, and when the current link's message went, so a link minutes old
 * is not renewed by reflex. Reads only.
 */
export async function getRenewalPreview(ctx: AppContext, id: string): Promise<RenewalPreview> {
  const link = await ctx.db
    .selectFrom('payment_links')
    .innerJoin('tenants', 'tenants.id', 'payment_links.tenant_id')
    .select([
      'payment_links.id',
      'payment_links.created_at',
      'payment_links.expires_at',
      'payment_links.amount_pence',
      'tenants.balance_pence',
      'tenants.name',
      'tenants.email',
      'tenants.phone',
      'tenants.phone_kind',
    ])
    .where('payment_links.id', '=', id)
    .executeTakeFirst();
  if (!link) throw new AppError('NOT_FOUND', PAYMENT_LINK_NOT_FOUND_MESSAGE);
  const sent = await ctx.db
    .selectFrom('messages')
    .select((eb) => eb.fn.min<number>('created_at').as('first'))
    .where('link_id', '=', id)
    .where('kind', '=', 'payment_link')
    .executeTakeFirst();
  const channels: RenewalPreview['channels'] = [];
  if (link.email) channels.push('email');
  if (link.phone && link.phone_kind !== 'landline') channels.push('whatsapp');
  const amountPence = link.balance_pence > 0 ? link.balance_pence : link.amount_pence;
  const first = sent?.first === null || sent?.first === undefined ? null : Number(sent.first);
  return {
    id: link.id,
    tenantName: link.name,
    amount: penceToDecimalString(amountPence),
    amountPence,
    channels,
    createdAt: new Date(link.created_at).toISOString(),
    expiresAt: new Date(link.expires_at).toISOString(),
    sentAt: first === null ? null : new Date(first).toISOString(),
  };
}
