import type { AppContext } from '../../context.js';
import { writeAudit } from '../../lib/audit.js';
import { emailsOf } from '../../lib/email-list.js';
import { findAccount } from '../accounts/get-account.js';
import { textsStoppedAt } from '../messages/text-opt-outs.js';

/** Account events that are a person's own words rather than a change to the account. */
const NOTE_KIND = 'note';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

function parseDetails(details: string | null): unknown {
  if (details === null) return null;
  try {
    return JSON.parse(details);
  } catch {
    return details;
  }
}

/**
 * Everything the portal holds about one leaseholder, as one JSON document for a subject-access
 * request (UK GDPR article 15): the account, its history and notes, its links, every message
 * with its content and delivery timeline, portal and offline payments, and the call-back
 * requests and replies on no account from the account's phone number. Money is integer pence,
 * times are UTC ISO 8601. Audited, since handing personal data out is itself something to
 * account for.
 */
export async function exportLeaseholder(ctx: AppContext, id: string) {
  const account = await findAccount(ctx, id);

  const [events, links, offlinePayments, callbacks, strangers, stoppedAt] = await Promise.all([
    ctx.db
      .selectFrom('account_events')
      .selectAll()
      .where('tenant_id', '=', id)
      .orderBy('at')
      .orderBy('id')
      .execute(),
    ctx.db
      .selectFrom('payment_links')
      .selectAll()
      .where('tenant_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    ctx.db
      .selectFrom('offline_payments')
      .selectAll()
      .where('tenant_id', '=', id)
      .orderBy('recorded_at')
      .execute(),
    account.phone === null
      ? Promise.resolve([])
      : ctx.db
          .selectFrom('callback_requests')
          .selectAll()
          .where('phone_number', '=', account.phone)
          .orderBy('created_at')
          .execute(),
    // Written from their number before it was on the account (a new phone).
    account.phone === null
      ? Promise.resolve([])
      : ctx.db
          .selectFrom('unmatched_replies')
          .selectAll()
          .where('phone', '=', account.phone)
          .orderBy('received_at')
          .execute(),
    textsStoppedAt(ctx, account.phone),
  ]);
  const linkIds = links.map((link) => link.id);
  const [messages, payments] = await Promise.all([
    readMessages(ctx, linkIds),
    linkIds.length === 0
      ? Promise.resolve([])
      : ctx.db
          .selectFrom('payments')
          .selectAll()
          .where('link_id', 'in', linkIds)
          .orderBy('created_at')
          .execute(),
  ]);

  await writeAudit(ctx.db, ctx.clock, {
    actor: 'admin',
    action: 'leaseholder.exported',
    subject: id,
  });
  return {
    format: 'leaseholder-data-export/1',
    exportedAt: iso(ctx.clock.now()),
    controller: { name: ctx.config.company.name, email: ctx.config.company.email },
    account: {
      id: account.id,
      reference: account.reference,
      name: account.name,
      email: account.email,
      otherEmails: emailsOf(account.other_emails),
      phone: account.phone,
      phoneKind: account.phone_kind,
      // Their phone replied STOP: it gets no WhatsApp or texts (kept after erasure, to honour it).
      textsStoppedAt: iso(stoppedAt),
      address: account.address,
      balancePence: Number(account.balance_pence),
      owingSince: iso(account.owing_since),
      holdUntil: iso(account.hold_until),
      holdReason: account.hold_reason,
      createdAt: iso(account.created_at),
      updatedAt: iso(account.updated_at),
      erasedAt: iso(account.erased_at),
    },
    contactHistory: events
      .filter((event) => event.kind !== NOTE_KIND)
      .map((event) => ({
        at: iso(event.at),
        kind: event.kind,
        by: event.actor,
        text: event.text,
        details: parseDetails(event.details),
      })),
    notes: events
      .filter((event) => event.kind === NOTE_KIND)
      .map((event) => ({ at: iso(event.at), by: event.actor, text: event.text })),
    links: links.map((link) => ({
      id: link.id,
      amountPence: Number(link.amount_pence),
      paidPence: Number(link.paid_pence),
      status: link.status,
      createdAt: iso(link.created_at),
      expiresAt: iso(link.expires_at),
      openedAt: iso(link.opened_at),
      paidAt: iso(link.paid_at),
      closedReason: link.closed_reason,
      closedAt: iso(link.closed_at),
      replacedBy: link.replaced_by,
      failureReason: link.failure_reason,
    })),
    messages,
    payments: payments.map((payment) => ({
      id: payment.id,
      linkId: payment.link_id,
      provider: payment.provider,
      providerReference: payment.provider_ref,
      method: payment.method,
      amountPence: Number(payment.amount_pence),
      currency: payment.currency,
      status: payment.status,
      failureReason: payment.failure_reason,
      refundedPence: payment.refunded_pence,
      refundFailedPence: payment.refund_failed_pence,
      disputedPence: payment.disputed_pence,
      disputeStatus: payment.dispute_status,
      createdAt: iso(payment.created_at),
      paidAt: iso(payment.paid_at),
    })),
    offlinePayments: offlinePayments.map((payment) => ({
      id: payment.id,
      amountPence: Number(payment.amount_pence),
      method: payment.method,
      reference: payment.reference,
      paidOn: payment.paid_on,
      recordedAt: iso(payment.recorded_at),
      recordedBy: payment.recorded_by,
    })),
    callbackRequests: callbacks.map((callback) => ({
      id: callback.id,
      phoneNumber: callback.phone_number,
      phoneAsTyped: callback.phone_input,
      requestedAt: iso(callback.created_at),
      handledAt: iso(callback.handled_at),
    })),
    repliesFromTheirNumber: strangers.map((reply) => ({
      channel: reply.channel,
      text: reply.body,
      receivedAt: iso(reply.received_at),
    })),
  };
}

export type LeaseholderExport = Awaited<ReturnType<typeof exportLeaseholder>>;

/** The account's messages with what they said and their delivery timeline, oldest first. */
async function readMessages(ctx: AppContext, linkIds: string[]) {
  if (linkIds.length === 0) return [];
  const rows = await ctx.db
    .selectFrom('messages')
    .innerJoin('message_contents', 'message_contents.message_id', 'messages.id')
    .selectAll('messages')
    .select(['message_contents.subject', 'message_contents.body', 'message_contents.html'])
    .where('messages.link_id', 'in', linkIds)
    .orderBy('messages.created_at')
    .orderBy('messages.id')
    .execute();
  const events =
    rows.length === 0
      ? []
      : await ctx.db
          .selectFrom('message_events')
          .selectAll()
          .where(
            'message_id',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('at')
          .orderBy('id')
          .execute();
  return rows.map((row) => ({
    id: row.id,
    linkId: row.link_id,
    kind: row.kind,
    channel: row.channel,
    recipient: row.recipient,
    cc: emailsOf(row.cc),
    status: row.status,
    error: row.error,
    createdAt: iso(row.created_at),
    subject: row.subject,
    body: row.body,
    html: row.html,
    timeline: events
      .filter((event) => event.message_id === row.id)
      .map((event) => ({ status: event.status, at: iso(event.at), detail: event.detail })),
  }));
}
