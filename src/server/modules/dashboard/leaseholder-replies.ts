import { type LeaseholderReplies, REPLY_NOT_FOUND_MESSAGE } from '../../../shared/dashboard.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';

/** Replies, and STOPs: a STOP can leave a leaseholder with no way to be reached. */
const REPLY_KINDS = ['reply', 'texts_stopped'];

const STOPPED_TEXT =
  'STOP: no more WhatsApp or texts to their phone until they reply START. Reach them by email, phone or post.';

/** As many as a clerk reads at one sitting; the count says if there are more. */
const REPLIES_SHOWN = 10;

/**
 * GET /api/dashboard/replies: leaseholders' replies to our WhatsApp and texts ("I paid on
 * Monday", STOP) that no one has marked read, newest first, by the unread-replies index.
 */
export async function listUnreadReplies(ctx: AppContext): Promise<LeaseholderReplies> {
  const unread = ctx.db
    .selectFrom('account_events')
    .where('account_events.kind', 'in', REPLY_KINDS)
    .where('account_events.read_at', 'is', null);
  const [rows, count] = await Promise.all([
    unread
      .innerJoin('tenants', 'tenants.id', 'account_events.tenant_id')
      .select([
        'account_events.id',
        'account_events.kind',
        'account_events.at',
        'account_events.text',
        'account_events.details',
        'tenants.id as account_id',
        'tenants.name',
        'tenants.address',
      ])
      .where('tenants.erased_at', 'is', null)
      .orderBy('account_events.at', 'desc')
      .orderBy('account_events.id', 'desc')
      .limit(REPLIES_SHOWN)
      .execute(),
    unread.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      id: String(row.id),
      kind: row.kind === 'reply' ? ('reply' as const) : ('stop' as const),
      accountId: row.account_id,
      tenantName: row.name,
      address: row.address,
      channel: channelOf(row.details),
      text: row.kind === 'reply' ? (row.text ?? '') : STOPPED_TEXT,
      receivedAt: new Date(Number(row.at)).toISOString(),
    })),
    total: Number(count.count),
  };
}

function channelOf(details: string | null): 'whatsapp' | 'sms' {
  return details && JSON.parse(details).channel === 'whatsapp' ? 'whatsapp' : 'sms';
}

/** POST /api/dashboard/replies/{id}/read: off the dashboard; it stays in the account's history. */
export async function markReplyRead(ctx: AppContext, id: string): Promise<void> {
  const eventId = Number(id);
  if (!Number.isSafeInteger(eventId) || eventId <= 0) {
    throw new AppError('NOT_FOUND', REPLY_NOT_FOUND_MESSAGE);
  }
  const found = await ctx.db
    .updateTable('account_events')
    .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.val(ctx.clock.now())) }))
    .where('id', '=', eventId)
    .where('kind', 'in', REPLY_KINDS)
    .returning('id')
    .executeTakeFirst();
  if (!found) throw new AppError('NOT_FOUND', REPLY_NOT_FOUND_MESSAGE);
}
