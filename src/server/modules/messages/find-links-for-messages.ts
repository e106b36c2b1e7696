import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { PaymentLinkStatus } from '../../db/schema.js';
import type { LinkForMessages } from './message-content.js';

export type LinkWithStatus = LinkForMessages & { status: PaymentLinkStatus };

/** Well under both engines' bound-parameter limits (SQLite 32,766; PostgreSQL 65,535). */
export const ID_CHUNK_SIZE = 500;

/** The links (with their leaseholders) that messages are rendered from, by id. */
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
      'payment_links.amount_pence',
      'payment_links.expires_at',
      'payment_links.status',
      'tenants.name as tenant_name',
      'tenants.email as tenant_email',
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

/** Where a leaseholder can be reached: email if they have one, WhatsApp if they have a phone. */
export function firstChannelsOf(link: LinkForMessages) {
  const channels: { channel: 'email' | 'whatsapp'; recipient: string }[] = [];
  if (link.tenant_email) channels.push({ channel: 'email', recipient: link.tenant_email });
  if (link.tenant_phone) channels.push({ channel: 'whatsapp', recipient: link.tenant_phone });
  return channels;
}
