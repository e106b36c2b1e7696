import { ERASED_TEXT, EXPIRED_CONTENT_TEXT } from '../../../shared/data-protection.js';
import type { AppContext } from '../../context.js';
import { pruneAuditLog } from '../../lib/audit.js';
import { readSetting, writeSetting } from '../auth/settings-store.js';

/** Where the last run stopped: every message up to this (created_at, id) has been seen. */
const CONTENT_MARK_KEY = 'retention_message_contents_mark';
const PAGE = 1000;
/** Every reply before this time (epoch ms) has had its text removed. */
const REPLIES_MARK_KEY = 'retention_replies_mark';

/**
 * Housekeeping's retention periods (README "Personal data"): Call Me Now requests older than
 * CALLBACK_RETENTION_DAYS are deleted, audit rows older than AUDIT_RETENTION_DAYS too, and what
 * messages and leaseholders' replies said is removed after MESSAGE_CONTENT_RETENTION_DAYS,
 * keeping each message's row (kind, channel, status, times) as the record that it was sent.
 * Payments, links and balances are financial records and are not touched.
 */
export async function applyRetention(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .deleteFrom('callback_requests')
    .where('created_at', '<', now - ctx.config.callbackRetentionMs)
    .execute();
  await pruneAuditLog(ctx.db, now - ctx.config.auditRetentionMs);
  await removeOldMessageContents(ctx, now - ctx.config.messageContentRetentionMs);
  await removeOldReplies(ctx, now - ctx.config.messageContentRetentionMs);
  // A reply from a number on no account is nothing but what it said.
  await ctx.db
    .deleteFrom('unmatched_replies')
    .where('received_at', '<', now - ctx.config.messageContentRetentionMs)
    .execute();
}

/**
 * What leaseholders wrote back (their replies by WhatsApp and text) goes after the same period
 * as what we wrote to them; the line that they replied, and when, stays. From where the last run
 * stopped, by the replies' index.
 */
async function removeOldReplies(ctx: AppContext, before: number): Promise<void> {
  const saved = await readSetting(ctx, REPLIES_MARK_KEY);
  const from = saved ? Number(saved) : 0;
  if (from >= before) return;
  await ctx.db
    .updateTable('account_events')
    .set({ text: EXPIRED_CONTENT_TEXT })
    .where('kind', '=', 'reply')
    .where('at', '>=', from)
    .where('at', '<', before)
    .where('text', 'is not', null)
    .execute();
  await writeSetting(ctx, REPLIES_MARK_KEY, String(before));
}

/**
 * Pages through messages older than `before` in (created_at, id) order from where the last run
 * stopped, so a run every minute reads only the messages that have just come of age rather
 * than every old one again; each page is its own statement, so an upload waits for one page.
 */
async function removeOldMessageContents(ctx: AppContext, before: number): Promise<void> {
  const saved = await readSetting(ctx, CONTENT_MARK_KEY);
  let mark: { at: number; id: string } = saved ? JSON.parse(saved) : { at: 0, id: '' };
  for (;;) {
    const page = await ctx.db
      .selectFrom('messages')
      .select(['id', 'created_at'])
      .where('created_at', '<', before)
      .where((eb) =>
        eb.or([
          eb('created_at', '>', mark.at),
          eb.and([eb('created_at', '=', mark.at), eb('id', '>', mark.id)]),
        ]),
      )
      .orderBy('created_at')
      .orderBy('id')
      .limit(PAGE)
      .execute();
    const last = page.at(-1);
    if (!last) return;
    await ctx.db
      .updateTable('message_contents')
      .set({ subject: null, body: EXPIRED_CONTENT_TEXT, html: null, variables: null })
      .where(
        'message_id',
        'in',
        page.map((row) => row.id),
      )
      .where('body', '<>', ERASED_TEXT)
      .execute();
    mark = { at: Number(last.created_at), id: last.id };
    await writeSetting(ctx, CONTENT_MARK_KEY, JSON.stringify(mark));
  }
}
