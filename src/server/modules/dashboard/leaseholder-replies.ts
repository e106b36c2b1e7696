import {
  type LeaseholderReplies,
  type LeaseholderReply,
  REPLY_NOT_FOUND_MESSAGE,
} from '../../../shared/dashboard.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { formatPhoneForDisplay } from '../callback-requests/phone-display.js';

/** Replies, and STOPs: a STOP can leave a leaseholder with no way to be reached. */
const REPLY_KINDS = ['reply', 'texts_stopped'];

const STOPPED_TEXT =
  'STOP: no more WhatsApp or texts to their phone until they reply START. Reach them by email, phone or post.';

/** As many as a clerk reads at one sitting; the count says if there are more. */
const REPLIES_SHOWN = 10;

const channelOf = (details: string | null): 'whatsapp' | 'sms' =>
  details && JSON.parse(details).channel === 'whatsapp' ? 'whatsapp' : 'sms';
const iso = (at: number) => new Date(Number(at)).toISOString();

/**
 * GET /api/dashboard/replies: leaseholders' replies to our WhatsApp and texts ("I paid on
 * Monday", STOP) that no one has marked read, newest first: those on accounts by the
 * unread-replies index, and those from numbers on no account.
 */
export async function listUnreadReplies(ctx: AppContext): Promise<LeaseholderReplies> {
  // An erased leaseholder's replies are no one's to read.
  const onAccounts = ctx.db
    .selectFrom('account_events')
    .innerJoin('tenants', 'tenants.id', 'account_events.tenant_id')
    .where('account_events.kind', 'in', REPLY_KINDS)
    .where('account_events.read_at', 'is', null)
    .where('tenants.erased_at', 'is', null);
  const unmatched = ctx.db.selectFrom('unmatched_replies').where('read_at', 'is', null);
  const [accountRows, accountCount, unmatchedRows, unmatchedCount] = await Promise.all([
    onAccounts
      .select([
        'account_events.id',
        'account_events.kind',
        'account_events.at',
        'account_events.text',
        'account_events.details',
        'tenants.id as account_id',
        'tenants.name',
        'tenants.address',
        'tenants.phone',
      ])
      .orderBy('account_events.at', 'desc')
      .orderBy('account_events.id', 'desc')
      .limit(REPLIES_SHOWN)
      .execute(),
    onAccounts.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    unmatched.selectAll().orderBy('received_at', 'desc').limit(REPLIES_SHOWN).execute(),
    unmatched.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  const items: LeaseholderReply[] = [
    ...accountRows.map((row) => ({
      id: String(row.id),
      kind: row.kind === 'reply' ? ('reply' as const) : ('stop' as const),
      accountId: row.account_id,
      tenantName: row.name,
      address: row.address,
      phone: row.phone === null ? null : formatPhoneForDisplay(row.phone),
      channel: channelOf(row.details),
      text: row.kind === 'reply' ? (row.text ?? '') : STOPPED_TEXT,
      receivedAt: iso(row.at),
    })),
    ...unmatchedRows.map((row) => ({
      id: row.id,
      kind: 'unmatched' as const,
      accountId: null,
      tenantName: null,
      address: null,
      phone: formatPhoneForDisplay(row.phone),
      channel: row.channel,
      text: row.body,
      receivedAt: iso(row.received_at),
    })),
  ];
  items.sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
  return {
    items: items.slice(0, REPLIES_SHOWN),
    total: Number(accountCount.count) + Number(unmatchedCount.count),
  };
}

/**
 * POST /api/dashboard/replies/{id}/read: off the dashboard; a reply on an account (a number id)
 * stays in its history.
 */
export async function markReplyRead(ctx: AppContext, id: string): Promise<void> {
  const now = ctx.clock.now();
  const found = /^\d{1,15}$/.test(id)
    ? await ctx.db
        .updateTable('account_events')
        .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.val(now)) }))
        .where('id', '=', Number(id))
        .where('kind', 'in', REPLY_KINDS)
        .returning('id')
        .executeTakeFirst()
    : await ctx.db
        .updateTable('unmatched_replies')
        .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.val(now)) }))
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
  if (!found) throw new AppError('NOT_FOUND', REPLY_NOT_FOUND_MESSAGE);
}
