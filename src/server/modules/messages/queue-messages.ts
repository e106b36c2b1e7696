import type { AppContext } from '../../context.js';
import type { MessageChannel, MessageKind } from '../../db/schema.js';
import { enqueueJobs } from '../../jobs/enqueue-jobs.js';
import { newId } from '../../lib/ids.js';
import { SEND_MESSAGE_JOB, sendJobKey } from './job-kinds.js';
import type { MessageContent } from './message-content.js';

export interface NewMessage extends MessageContent {
  linkId: string;
  kind: MessageKind;
  channel: MessageChannel;
  recipient: string;
  /** An email's copies (MessagesTable.cc). */
  cc?: string | null;
  /** Shown on the 'queued' event of the message's timeline. */
  detail?: string;
  /** MessagesTable.occasion: '' unless the same kind is sent on this link more than once. */
  occasion?: string;
  /** When its send job runs: now unless given (fall-back-to-sms.ts keeps chasing to the day). */
  sendAt?: number;
}

/** 12 columns a row: keeps one insert well under SQLite's 32,766 bound parameters. */
const ROWS_PER_INSERT = 500;

/**
 * Creates message rows with their 'queued' event and a send job each, in the caller's
 * transaction. A (link, kind, channel) that already has a row is skipped (UNIQUE constraint,
 * ON CONFLICT DO NOTHING: safe against a concurrent caller too), so pressing Send twice or a
 * retried reminder never makes a second message. A leaseholder whose personal data was erased
 * is never messaged again (issue 32): their messages are left out. Returns the ids created.
 */
export async function queueMessages(ctx: AppContext, messages: NewMessage[]): Promise<string[]> {
  const created: string[] = [];
  const now = ctx.clock.now();
  for (let start = 0; start < messages.length; start += ROWS_PER_INSERT) {
    const slice = messages.slice(start, start + ROWS_PER_INSERT);
    const erased = await linksOfErasedAccounts(ctx, slice);
    const chunk = slice
      .filter((message) => !erased.has(message.linkId))
      .map((message) => ({ message, id: newId() }));
    if (chunk.length === 0) continue;
    const inserted = await ctx.db
      .insertInto('messages')
      .values(
        chunk.map(({ message, id }) => ({
          id,
          link_id: message.linkId,
          kind: message.kind,
          channel: message.channel,
          recipient: message.recipient,
          cc: message.cc ?? null,
          status: 'queued' as const,
          provider_id: null,
          error: null,
          created_at: now,
          updated_at: now,
          occasion: message.occasion ?? '',
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['link_id', 'kind', 'channel', 'occasion']).doNothing(),
      )
      .returning('id')
      .execute();
    if (inserted.length === 0) continue;
    const isNew = new Set(inserted.map((row) => row.id));
    const fresh = chunk.filter(({ id }) => isNew.has(id));
    await ctx.db
      .insertInto('message_contents')
      .values(
        fresh.map(({ message, id }) => ({
          message_id: id,
          subject: message.subject,
          body: message.body,
          html: message.html,
          variables: message.variables ?? null,
        })),
      )
      .execute();
    await ctx.db
      .insertInto('message_events')
      .values(
        fresh.map(({ message, id }) => ({
          message_id: id,
          status: 'queued',
          at: now,
          detail: message.detail ?? null,
        })),
      )
      .execute();
    await enqueueJobs(
      ctx.db,
      fresh.map(({ message, id }) => ({
        kind: SEND_MESSAGE_JOB,
        payload: { messageId: id },
        idempotencyKey: sendJobKey(id),
        ...(message.sendAt === undefined ? {} : { runAt: message.sendAt }),
      })),
      ctx.clock,
    );
    created.push(...fresh.map(({ id }) => id));
  }
  return created;
}

/** The links among these whose account was erased (data-protection/erase-leaseholder.ts). */
async function linksOfErasedAccounts(ctx: AppContext, messages: NewMessage[]) {
  const linkIds = [...new Set(messages.map((message) => message.linkId))];
  if (linkIds.length === 0) return new Set<string>();
  const rows = await ctx.db
    .selectFrom('payment_links')
    .innerJoin('tenants', 'tenants.id', 'payment_links.tenant_id')
    .select('payment_links.id')
    .where('payment_links.id', 'in', linkIds)
    .where('tenants.erased_at', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.id));
}
