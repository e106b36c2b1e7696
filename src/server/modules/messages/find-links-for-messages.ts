import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { PaymentLinkStatus } from '../../db/schema.js';
import type { LinkForMessages } from './message-content.js';

export type LinkWithStatus = LinkForMessages & {
  status: PaymentLinkStatus;
  /** Chasing is held for the leaseholder until then (epoch ms), or null. */
  hold_until: number | null;
};

/** Well under both engines' bound-parameter limits (SQLite 32,766; PostgreSQL 65,535). */
export const ID_CHUNK_SIZE = 500;

/**
 * The links (with their leaseholders) that messages are rendered from, by id. A pending link's
 * amount is what its account owes now, so a reminder after a part or offline payment asks for
 * what remains.
 */
export async function findLinksForMessages(
  ctx: AppContext,
  linkIds: readonly string[],
): Promise<LinkWithStatus[]> {
  if (linkIds.length === 0) return [];
  return ctx.db
    .selectFrom('payment_links')
    .innerJoin('tenants', 'tenants.id', 'payment_links.tenant_id')
    .select([
      'payment_links.id',
      sql<number>`case when payment_links.status = 'pending' and tenants.balance_pence > 0
        then tenants.balance_pence else payment_links.amount_pence end`.as('amount_pence'),
      'payment_links.expires_at',
      'payment_links.status',
      'tenants.hold_until',
      'tenants.name as tenant_name',
      'tenants.email as tenant_email',
      'tenants.other_emails as tenant_other_emails',
      // A landline is on record but cannot take WhatsApp or SMS: no phone to message.
      sql<
        string | null
      >`case when tenants.phone_kind = 'landline' then null else tenants.phone end`.as(
        'tenant_phone',
      ),
      'tenants.address as tenant_address',
    ])
    .where('payment_links.id', 'in', linkIds)
    .execute();
}

/**
 * Where a leaseholder can be reached: email if they have one (copied to joint leaseholders'
 * other addresses), WhatsApp if they have a phone.
 */
export function firstChannelsOf(link: LinkForMessages) {
  const channels: { channel: 'email' | 'whatsapp'; recipient: string; cc: string | null }[] = [];
  if (link.tenant_email) {
    channels.push({
      channel: 'email',
      recipient: link.tenant_email,
      cc: link.tenant_other_emails ?? null,
    });
  }
  if (link.tenant_phone) {
    channels.push({ channel: 'whatsapp', recipient: link.tenant_phone, cc: null });
  }
  return channels;
}
