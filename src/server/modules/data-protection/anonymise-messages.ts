import { sql } from 'kysely';
import { ERASED_TEXT } from '../../../shared/data-protection.js';
import type { AppContext } from '../../context.js';

/** Well under both engines' bound-parameter limits. */
const CHUNK = 500;

export const NOT_SENT_ERASED_DETAIL = "Not sent: the leaseholder's data was erased";

/**
 * Erases what these messages say and who they went to, keeping the rows (kind, channel, status,
 * times) as the record that they were sent. Messages not yet handed to a provider are cancelled.
 * Timeline details go too: a provider's error can quote the phone number. In the caller's
 * transaction.
 */
export async function anonymiseMessages(tx: AppContext, messageIds: string[]): Promise<void> {
  const now = tx.clock.now();
  for (let start = 0; start < messageIds.length; start += CHUNK) {
    const ids = messageIds.slice(start, start + CHUNK);
    await tx.db
      .updateTable('message_events')
      .set({ detail: null })
      .where('message_id', 'in', ids)
      .execute();
    const cancelled = await tx.db
      .updateTable('messages')
      .set({ status: 'cancelled', updated_at: now })
      .where('id', 'in', ids)
      .where('status', 'in', ['queued', 'sending'])
      .where('provider_id', 'is', null)
      .returning('id')
      .execute();
    if (cancelled.length > 0) {
      await tx.db
        .insertInto('message_events')
        .values(
          cancelled.map(({ id }) => ({
            message_id: id,
            status: 'cancelled',
            at: now,
            detail: NOT_SENT_ERASED_DETAIL,
          })),
        )
        .execute();
    }
    await tx.db
      .updateTable('messages')
      .set({
        recipient: ERASED_TEXT,
        cc: null,
        error: sql<string | null>`case when error is null then null else ${ERASED_TEXT} end`,
      })
      .where('id', 'in', ids)
      .execute();
    await tx.db
      .updateTable('message_contents')
      .set({ subject: null, body: ERASED_TEXT, html: null, variables: null })
      .where('message_id', 'in', ids)
      .execute();
  }
}
