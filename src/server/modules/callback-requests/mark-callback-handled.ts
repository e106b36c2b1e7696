import type { CallbackRequestItem } from '../../../shared/callback-requests.js';
import type { AppContext } from '../../context.js';
import { writeAudit } from '../../lib/audit.js';
import { toCallbackRequestItem } from './to-callback-request-item.js';

/**
 * Marks a request handled, or null when there is no such request. Idempotent: a second call (a
 * double click, or two staff at once) keeps the first time and writes no second audit entry.
 */
export async function markCallbackHandled(
  ctx: AppContext,
  id: string,
): Promise<CallbackRequestItem | null> {
  return ctx.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('callback_requests')
      .set({ handled_at: ctx.clock.now() })
      .where('id', '=', id)
      .where('handled_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) {
      await writeAudit(trx, ctx.clock, { actor: 'admin', action: 'callback.handled', subject: id });
    }
    const row = await trx
      .selectFrom('callback_requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toCallbackRequestItem(row) : null;
  });
}
