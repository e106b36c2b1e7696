import type { MessageLogItem } from '../../../shared/messages.js';
import type { AppContext } from '../../context.js';
import {
  eventsByMessage,
  selectMessagesWithTenant,
  toMessageLogItem,
} from './to-message-log-item.js';

/** One message with its timeline, or null when there is no such message. */
export async function getMessage(ctx: AppContext, id: string): Promise<MessageLogItem | null> {
  const row = await selectMessagesWithTenant(ctx).where('messages.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const events = await eventsByMessage(ctx, [row.id]);
  return toMessageLogItem(row, events.get(row.id) ?? []);
}
