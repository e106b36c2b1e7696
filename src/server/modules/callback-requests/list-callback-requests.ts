import {
  CALLBACK_REQUEST_LIST_LIMIT,
  type CallbackRequestList,
  type CallbackRequestStatus,
} from '../../../shared/callback-requests.js';
import type { AppContext } from '../../context.js';
import { toCallbackRequestItem } from './to-callback-request-item.js';

/**
 * Waiting requests come oldest first: whoever has waited longest is rung first. Handled and all
 * come newest first, as a history reads.
 */
export async function listCallbackRequests(
  ctx: AppContext,
  status: CallbackRequestStatus,
): Promise<CallbackRequestList> {
  let query = ctx.db.selectFrom('callback_requests').selectAll();
  if (status === 'waiting') {
    query = query.where('handled_at', 'is', null).orderBy('created_at', 'asc').orderBy('id', 'asc');
  } else {
    if (status === 'handled') query = query.where('handled_at', 'is not', null);
    query = query.orderBy('created_at', 'desc').orderBy('id', 'desc');
  }
  const rows = await query.limit(CALLBACK_REQUEST_LIST_LIMIT).execute();

  const waiting = await ctx.db
    .selectFrom('callback_requests')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('handled_at', 'is', null)
    .executeTakeFirstOrThrow();

  return { items: rows.map(toCallbackRequestItem), waitingCount: Number(waiting.count) };
}
