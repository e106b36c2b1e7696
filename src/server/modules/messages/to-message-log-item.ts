import type { Selectable } from 'kysely';
import type { MessageLogItem } from '../../../shared/messages.js';
import type { AppContext } from '../../context.js';
import type { MessageContentsTable, MessageEventsTable, MessagesTable } from '../../db/schema.js';
import { emailsOf } from '../../lib/email-list.js';

export type MessageRowWithTenant = Selectable<MessagesTable> &
  Omit<Selectable<MessageContentsTable>, 'message_id' | 'variables'> & { tenant_name: string };

const iso = (ms: number) => new Date(ms).toISOString();

/** The messages with their leaseholder's name: the log's rows, before their timelines. */
export function selectMessagesWithTenant(ctx: AppContext) {
  return ctx.db
    .selectFrom('messages')
    .innerJoin('payment_links', 'payment_links.id', 'messages.link_id')
    .innerJoin('tenants', 'tenants.id', 'payment_links.tenant_id')
    .innerJoin('message_contents', 'message_contents.message_id', 'messages.id')
    .selectAll('messages')
    .select([
      'message_contents.subject',
      'message_contents.body',
      'message_contents.html',
      'tenants.name as tenant_name',
    ]);
}

/** Each message's events in time order (one query for the whole page). */
export async function eventsByMessage(
  ctx: AppContext,
  messageIds: string[],
): Promise<Map<string, Selectable<MessageEventsTable>[]>> {
  const byMessage = new Map<string, Selectable<MessageEventsTable>[]>();
  if (messageIds.length === 0) return byMessage;
  const events = await ctx.db
    .selectFrom('message_events')
    .selectAll()
    .where('message_id', 'in', messageIds)
    .orderBy('at')
    .orderBy('id')
    .execute();
  for (const event of events) {
    const list = byMessage.get(event.message_id) ?? [];
    list.push(event);
    byMessage.set(event.message_id, list);
  }
  return byMessage;
}

export function toMessageLogItem(
  row: MessageRowWithTenant,
  events: Selectable<MessageEventsTable>[],
): MessageLogItem {
  return {
    id: row.id,
    linkId: row.link_id,
    tenantName: row.tenant_name,
    kind: row.kind,
    channel: row.channel,
    recipient: row.recipient,
    cc: emailsOf(row.cc),
    status: row.status,
    subject: row.subject,
    body: row.body,
    html: row.html,
    providerId: row.provider_id,
    error: row.error,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    events: events.map((event) => ({
      status: event.status,
      at: iso(event.at),
      detail: event.detail,
    })),
  };
}
