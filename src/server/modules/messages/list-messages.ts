import type { MessageLogPage, MessageLogQuery } from '../../../shared/messages.js';
import type { AppContext } from '../../context.js';
import {
  eventsByMessage,
  selectMessagesWithTenant,
  toMessageLogItem,
} from './to-message-log-item.js';

/**
 * The Message Log: newest first, filtered by status and channel, one page at a time, with each
 * message's timeline and the total matching count. Filtering, ordering, paging and counting are
 * done by the database (indexes on status and created_at).
 */
export async function listMessages(
  ctx: AppContext,
  query: MessageLogQuery,
): Promise<MessageLogPage> {
  const { status, channel } = query;
  const rows = await selectMessagesWithTenant(ctx)
    .$if(status !== undefined, (q) => q.where('messages.status', '=', status!))
    .$if(channel !== undefined, (q) => q.where('messages.channel', '=', channel!))
    .orderBy('messages.created_at', 'desc')
    .orderBy('messages.id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  const counted = await ctx.db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .$if(status !== undefined, (q) => q.where('status', '=', status!))
    .$if(channel !== undefined, (q) => q.where('channel', '=', channel!))
    .executeTakeFirstOrThrow();
  const events = await eventsByMessage(
    ctx,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => toMessageLogItem(row, events.get(row.id) ?? [])),
    total: Number(counted.total),
  };
}
