import type { AppContext } from '../../context.js';
import type { MessageStatus } from '../../db/schema.js';
import { withTransaction } from '../../db/with-transaction.js';

export interface StatusChange {
  status: MessageStatus;
  /** Shown on the timeline event (an error, "attempt 2", a Twilio error code). */
  detail?: string | null;
  /** Replaces messages.error when given (null clears it). */
  error?: string | null;
  providerId?: string;
}

/**
 * Moves a message to a new status and appends the event to its timeline, together. With
 * `expected`, only while the row still has that status (compare-and-set): a caller that lost a
 * race to another worker or callback changes nothing and gets false.
 */
export function changeMessageStatus(
  ctx: AppContext,
  messageId: string,
  change: StatusChange,
  expected?: MessageStatus,
): Promise<boolean> {
  return withTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    const result = await tx.db
      .updateTable('messages')
      .set({
        status: change.status,
        updated_at: now,
        ...(change.error !== undefined ? { error: change.error } : {}),
        ...(change.providerId !== undefined ? { provider_id: change.providerId } : {}),
      })
      .where('id', '=', messageId)
      .$if(expected !== undefined, (query) => query.where('status', '=', expected!))
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await tx.db
      .insertInto('message_events')
      .values({
        message_id: messageId,
        status: change.status,
        at: now,
        detail: change.detail ?? null,
      })
      .execute();
    return true;
  });
}
