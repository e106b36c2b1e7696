import { ERASED_TEXT } from '../../../shared/data-protection.js';
import type { TimelineEvent, TimelineKind } from '../../../shared/leaseholders.js';
import { OFFLINE_PAYMENT_METHOD_LABELS } from '../../../shared/leaseholders.js';
import { PAYMENT_METHOD_LABELS } from '../../../shared/payment-page.js';
import type { AppContext } from '../../context.js';
import { emailsOf } from '../../lib/email-list.js';
import { formatPhoneForDisplay } from '../callback-requests/phone-display.js';
import { type Draft, fromAccountEvent, pounds, ukDay } from './account-event-lines.js';

/** A long history stays readable and quick: the newest events, which are the ones acted on. */
const MAX_EVENTS = 500;

const MESSAGE_TITLES: Record<string, string> = {
  payment_link: 'Payment link',
  reminder_24h: '24-hour reminder',
  reminder_1h: '1-hour reminder',
  confirmation: 'Payment confirmation',
  staff_text: 'Text from staff',
};
const CHANNEL_NAMES: Record<string, string> = { email: 'email', whatsapp: 'WhatsApp', sms: 'SMS' };
const CLOSED: Record<string, { kind: TimelineKind; title: string }> = {
  replaced: { kind: 'link_replaced', title: 'Link replaced by a newer link' },
  settled: { kind: 'link_settled', title: 'Link closed: nothing owed' },
  cancelled: { kind: 'link_cancelled', title: 'Link cancelled' },
};

/**
 * Who a message went to, after why: staff on the phone to a leaseholder (or their joint
 * leaseholder) can say which number or address it was sent to. Nothing once erased.
 */
function withRecipients(
  why: string | null,
  message: { channel: string; recipient: string; cc: string | null },
): string | null {
  if (message.recipient === ERASED_TEXT) return why;
  const to =
    message.channel === 'email' ? message.recipient : formatPhoneForDisplay(message.recipient);
  const copies = emailsOf(message.cc);
  const line = `To ${to}${copies.length > 0 ? `, copied to ${copies.join(', ')}` : ''}`;
  return why ? `${why} · ${line}` : line;
}

function finish(event: Draft): TimelineEvent & { time: number } {
  return {
    time: event.at,
    at: new Date(event.at).toISOString(),
    kind: event.kind,
    title: event.title,
    detail: event.detail ?? null,
    amount: event.amount ?? null,
    status: event.status ?? null,
    actor: event.actor ?? null,
    linkId: event.linkId ?? null,
    refId: event.refId ?? null,
  };
}

/**
 * One leaseholder's history, newest first: their links (created, opened, replaced, expired,
 * cancelled, paid), every message with its delivery status, portal and offline payments, holds,
 * notes, contact and balance changes, and call-back requests from the same phone number.
 */
export async function accountTimeline(
  ctx: AppContext,
  account: { id: string; phone: string | null },
): Promise<TimelineEvent[]> {
  const now = ctx.clock.now();
  const drafts: Draft[] = [];
  const links = await ctx.db
    .selectFrom('payment_links')
    .leftJoin('upload_batches', 'upload_batches.id', 'payment_links.batch_id')
    .selectAll('payment_links')
    .select('upload_batches.filename as batch_filename')
    .where('payment_links.tenant_id', '=', account.id)
    .execute();
  for (const link of links) {
    const linkId = link.id;
    drafts.push({
      at: link.created_at,
      kind: 'link_created',
      title: 'Payment link created',
      amount: pounds(link.amount_pence),
      // The file's name, so the clerk can tell which month's sheet asked for it.
      detail: link.batch_filename ? `From the spreadsheet upload “${link.batch_filename}”` : null,
      linkId,
    });
    if (link.opened_at) {
      drafts.push({ at: link.opened_at, kind: 'link_opened', title: 'Link opened', linkId });
    }
    const closed = link.closed_reason ? CLOSED[link.closed_reason] : undefined;
    if (closed && link.closed_at) {
      drafts.push({ at: link.closed_at, ...closed, linkId });
    } else if (link.replaced_by && link.status !== 'paid') {
      drafts.push({ at: link.closed_at ?? link.expires_at, ...CLOSED.replaced!, linkId });
    } else if (
      (link.status === 'expired' || link.status === 'pending') &&
      link.processing_since === null &&
      link.expires_at <= now
    ) {
      drafts.push({
        at: link.expires_at,
        kind: 'link_expired',
        title: 'Link expired unpaid',
        linkId,
      });
    }
    if (link.status === 'paid' && link.paid_at) {
      drafts.push({
        at: link.paid_at,
        kind: 'link_paid',
        title: 'Balance paid: link closed',
        linkId,
      });
    }
  }

  const linkIds = links.map((link) => link.id);
  if (linkIds.length > 0) {
    const messages = await ctx.db
      .selectFrom('messages')
      .select([
        'id',
        'link_id',
        'kind',
        'channel',
        'status',
        'error',
        'created_at',
        'recipient',
        'cc',
      ])
      // Why it was sent (staff's send, a chase, the leaseholder's request), said when queued.
      .select((eb) =>
        eb
          .selectFrom('message_events')
          .select('message_events.detail')
          .whereRef('message_events.message_id', '=', 'messages.id')
          .where('message_events.status', '=', 'queued')
          .orderBy('message_events.at')
          .limit(1)
          .as('why'),
      )
      // What staff wrote, for their own texts (every other kind is a template's).
      .select((eb) =>
        eb
          .selectFrom('message_contents')
          .select('message_contents.body')
          .whereRef('message_contents.message_id', '=', 'messages.id')
          .where('messages.kind', '=', 'staff_text')
          .as('staff_text'),
      )
      // Why it never went (its link replaced, paid or settled while it waited).
      .select((eb) =>
        eb
          .selectFrom('message_events')
          .select('message_events.detail')
          .whereRef('message_events.message_id', '=', 'messages.id')
          .where('message_events.status', '=', 'cancelled')
          .limit(1)
          .as('why_not'),
      )
      .where('link_id', 'in', linkIds)
      .execute();
    for (const message of messages) {
      drafts.push({
        at: message.created_at,
        kind: 'message',
        title: `${MESSAGE_TITLES[message.kind] ?? message.kind} by ${CHANNEL_NAMES[message.channel] ?? message.channel}`,
        status: message.status,
        detail:
          message.error ??
          message.why_not ??
          withRecipients(message.staff_text ?? message.why, message),
        linkId: message.link_id,
        refId: message.id,
      });
    }
    const payments = await ctx.db
      .selectFrom('payments')
      .select([
        'id',
        'link_id',
        'amount_pence',
        'method',
        'status',
        'provider_ref',
        'paid_at',
        'created_at',
        'failure_reason',
      ])
      .where('link_id', 'in', linkIds)
      .execute();
    for (const payment of payments) {
      drafts.push({
        at: payment.paid_at ?? payment.created_at,
        kind: 'payment',
        title: `Paid online by ${PAYMENT_METHOD_LABELS[payment.method] ?? payment.method}`,
        amount: pounds(payment.amount_pence),
        status: payment.status,
        detail: payment.failure_reason ?? `Reference ${payment.provider_ref}`,
        linkId: payment.link_id,
        refId: payment.id,
      });
    }
  }

  const offline = await ctx.db
    .selectFrom('offline_payments')
    .selectAll()
    .where('tenant_id', '=', account.id)
    .execute();
  for (const payment of offline) {
    drafts.push({
      at: payment.recorded_at,
      kind: 'offline_payment',
      title: `${OFFLINE_PAYMENT_METHOD_LABELS[payment.method]} recorded`,
      amount: pounds(payment.amount_pence),
      detail: [
        `Paid on ${ukDay(payment.paid_on)}`,
        payment.reference && `reference ${payment.reference}`,
      ]
        .filter(Boolean)
        .join(', '),
      actor: payment.recorded_by,
      // Reversed: no receipt, and it no longer counts (its own line says why).
      status: payment.reversed_at === null ? null : 'reversed',
      refId: payment.id,
    });
  }

  const events = await ctx.db
    .selectFrom('account_events')
    .selectAll()
    .where('tenant_id', '=', account.id)
    // Newest first within the same moment too (the sort below keeps this order for ties).
    .orderBy('id', 'desc')
    .execute();
  for (const event of events) drafts.push(fromAccountEvent(event));

  if (account.phone) {
    const callbacks = await ctx.db
      .selectFrom('callback_requests')
      .select(['id', 'created_at', 'handled_at'])
      .where('phone_number', '=', account.phone)
      .execute();
    for (const callback of callbacks) {
      drafts.push({
        at: callback.created_at,
        kind: 'callback',
        title: 'Asked us to call them back',
        status: callback.handled_at ? 'called' : 'waiting',
        refId: callback.id,
      });
    }
  }

  return drafts
    .map(finish)
    .sort((a, b) => b.time - a.time)
    .slice(0, MAX_EVENTS)
    .map(({ time: _time, ...event }) => event);
}
