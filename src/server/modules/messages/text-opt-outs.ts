import { formatDate } from '../../../shared/dates.js';
import type { AppContext } from '../../context.js';
import { newId } from '../../lib/ids.js';
import { type AccountEvent, addAccountEvents } from '../accounts/account-ledger.js';
import { formatPhoneForDisplay } from '../callback-requests/phone-display.js';

/**
 * A leaseholder's "STOP" to our WhatsApp or texts (text_opt_outs). Twilio blocks texts to a
 * number that replied STOP; we also stop WhatsApp to it, as the person meant "stop messaging me",
 * and record it on their account, so staff know why the phone no longer reaches them.
 */

/** Twilio's "Attempt to send to unsubscribed recipient": the number replied STOP to our sender. */
export const TWILIO_OPTED_OUT = '21610';

/** Twilio's default opt-out and opt-in words: the whole reply, any case. */
const STOP_WORDS = new Set([
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
]);
const START_WORDS = new Set(['START', 'YES', 'UNSTOP']);

/**
 * What a reply asks of us. Twilio's Advanced Opt-Out names it (`OptOutType`, with the sender's
 * own keywords); otherwise the reply is one of the default words, alone.
 */
export function keywordOf(body: string, optOutType?: string): 'stop' | 'start' | null {
  const type = optOutType?.toUpperCase();
  if (type === 'STOP') return 'stop';
  if (type === 'START') return 'start';
  const word = body
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();
  if (STOP_WORDS.has(word)) return 'stop';
  if (START_WORDS.has(word)) return 'start';
  return null;
}

/** The accounts messaged on this number (several flats can share one landlord's phone). */
async function accountsOnPhone(ctx: AppContext, phone: string): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('tenants')
    .select('id')
    .where('phone', '=', phone)
    .where('erased_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

async function addToHistories(
  ctx: AppContext,
  phone: string,
  event: Omit<AccountEvent, 'tenantId'>,
): Promise<number> {
  const ids = await accountsOnPhone(ctx, phone);
  await addAccountEvents(
    ctx,
    ids.map((tenantId) => ({ tenantId, ...event })),
  );
  return ids.length;
}

/**
 * Records that this number wants no more messages: from its reply, or from Twilio refusing a
 * text to it (error 21610). Its accounts' histories say so once, when it first stops.
 */
export async function stopTexts(
  ctx: AppContext,
  phone: string,
  source: 'reply' | 'twilio',
  channel: 'whatsapp' | 'sms' = 'sms',
): Promise<void> {
  const inserted = await ctx.db
    .insertInto('text_opt_outs')
    .values({ phone, stopped_at: ctx.clock.now(), source })
    .onConflict((conflict) => conflict.column('phone').doNothing())
    .returning('phone')
    .executeTakeFirst();
  if (!inserted) return;
  await addToHistories(ctx, phone, {
    kind: 'texts_stopped',
    actor: source === 'reply' ? 'leaseholder' : 'Twilio',
    details: { source, channel },
  });
}

/**
 * The number replied START (or YES, UNSTOP): it is messaged again. Returns false when it had not
 * stopped, so the reply is an ordinary one ("Yes").
 */
export async function startTexts(ctx: AppContext, phone: string): Promise<boolean> {
  const deleted = await ctx.db
    .deleteFrom('text_opt_outs')
    .where('phone', '=', phone)
    .returning('phone')
    .executeTakeFirst();
  if (!deleted) return false;
  await addToHistories(ctx, phone, { kind: 'texts_started', actor: 'leaseholder' });
  return true;
}

/** When each of these numbers that replied STOP did so (epoch ms). */
export async function stoppedAmong(
  ctx: AppContext,
  phones: readonly string[],
): Promise<Map<string, number>> {
  if (phones.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom('text_opt_outs')
    .select(['phone', 'stopped_at'])
    .where('phone', 'in', phones)
    .execute();
  return new Map(rows.map((row) => [row.phone, Number(row.stopped_at)]));
}

/** When this number replied STOP (epoch ms), or null if it may be messaged. */
export async function textsStoppedAt(
  ctx: AppContext,
  phone: string | null,
): Promise<number | null> {
  if (phone === null) return null;
  return (await stoppedAmong(ctx, [phone])).get(phone) ?? null;
}

/** Why a WhatsApp message or text to a number that replied STOP was not sent. */
export function stoppedReason(phone: string, stoppedAt: number): string {
  return `${formatPhoneForDisplay(phone)} replied STOP on ${formatDate(stoppedAt)}: nothing goes to it by WhatsApp or text until they reply START`;
}

/** Longer than any real reply; a pasted essay is kept to this. */
export const MAX_REPLY_LENGTH = 1_600;

/**
 * A leaseholder's reply by WhatsApp or text ("I paid on Monday"), kept on the history of each
 * account messaged on that number, for staff to read. From a number on no account (a new phone,
 * someone writing for them) it is kept apart for staff to place: never lost.
 */
export async function recordReply(
  ctx: AppContext,
  reply: { phone: string; channel: 'whatsapp' | 'sms'; body: string },
): Promise<'kept' | 'unmatched'> {
  const text = reply.body.trim().slice(0, MAX_REPLY_LENGTH);
  const accounts = await addToHistories(ctx, reply.phone, {
    kind: 'reply',
    actor: 'leaseholder',
    text,
    details: { channel: reply.channel },
  });
  if (accounts > 0) return 'kept';
  await ctx.db
    .insertInto('unmatched_replies')
    .values({
      id: newId(),
      phone: reply.phone,
      channel: reply.channel,
      body: text,
      received_at: ctx.clock.now(),
      read_at: null,
    })
    .execute();
  return 'unmatched';
}
