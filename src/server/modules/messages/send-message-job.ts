import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type {
  LinkClosedReason,
  MessageContentsTable,
  MessagesTable,
  PaymentLinkStatus,
} from '../../db/schema.js';
import { withTransaction } from '../../db/with-transaction.js';
import { ChannelError } from '../../integrations/channel-error.js';
import { completeJobWithin } from '../../jobs/complete-job.js';
import { DeferJob } from '../../jobs/defer-job.js';
import type { Job, JobHandler } from '../../jobs/job-types.js';
import { PermanentJobError } from '../../jobs/permanent-job-error.js';
import { emailsOf } from '../../lib/email-list.js';
import { anonymiseMessages } from '../data-protection/anonymise-messages.js';
import { isLinkOpen } from '../payment-links/link-state.js';
import { changeMessageStatus } from './change-message-status.js';
import { pauseChannel, SLOW_DOWN_PAUSE_MS, takeSendSlot } from './channel-pace.js';
import { asksToPay, fallBackToSms } from './fall-back-to-sms.js';
import { resumeAfterHold } from './resume-after-hold.js';
import { stoppedReason, stopTexts, TWILIO_OPTED_OUT } from './text-opt-outs.js';

const PayloadSchema = z.object({ messageId: z.string().min(1) });

type MessageToSend = Selectable<MessagesTable> &
  Pick<MessageContentsTable, 'subject' | 'body' | 'html' | 'variables'> & {
    link_status: PaymentLinkStatus;
    link_closed_reason: LinkClosedReason | null;
    link_expires_at: number;
    hold_until: number | null;
    erased_at: number | null;
    /** When the recipient's number replied STOP (WhatsApp and SMS only). */
    texts_stopped_at: number | null;
  };

/** Where Twilio posts delivery statuses (modules/webhooks verifies them). */
export function twilioStatusCallbackUrl(ctx: AppContext): string {
  return `${ctx.config.publicBaseUrl}/api/webhooks/twilio/status`;
}

/**
 * The 'send-message' job: sends one message row through its channel and records the outcome.
 *
 * Idempotent: a row already handed to the provider (or captured, failed, cancelled) is left
 * alone, so a job that runs again after a lost lease sends nothing twice. The one gap is a worker
 * that dies after the provider accepted and before the row was updated: the retry sends again
 * (email carries the same Message-ID, so mail systems can spot the repeat).
 *
 * Outcomes: accepted → 'sent' (email) or Twilio's 'queued'/'sent' with its SID; capture mode →
 * 'captured'; a permanent refusal → 'failed' (WhatsApp falls back to SMS) and the job is done; a
 * transient one → back to 'queued' and rethrown, so the queue retries with backoff. On the job's
 * last attempt a transient failure counts as final: the message fails (and falls back) now, and
 * the job ends dead with the error, where the admin sees it.
 */
export const sendMessageJob: JobHandler = async (payload, ctx, job) => {
  const parsed = PayloadSchema.safeParse(payload);
  if (!parsed.success) throw new PermanentJobError('send-message: the payload has no messageId');
  const message = await findMessageToSend(ctx, parsed.data.messageId);
  if (!message) throw new PermanentJobError(`message ${parsed.data.messageId} does not exist`);
  if (!isStillToSend(message)) return;

  // The leaseholder's data was erased after this was queued (issue 32): it goes nowhere.
  if (message.erased_at !== null) {
    await withTransaction(ctx, (tx) => anonymiseMessages(tx, [message.id]));
    return;
  }

  // A link paid, renewed or expired while its message waited: nothing to ask for any more.
  if (asksToPay(message.kind) && !isLinkOpen(linkOf(message), ctx.clock.now())) {
    await changeMessageStatus(ctx, message.id, {
      status: 'cancelled',
      detail: notSentDetail(message),
    });
    return;
  }

  // Chasing held for this leaseholder (Breathing Space, a dispute): asking to pay waits until the
  // hold ends, without using an attempt; a confirmation of money received never waits.
  const now = ctx.clock.now();
  if (asksToPay(message.kind) && message.hold_until !== null && message.hold_until > now) {
    throw new DeferJob(
      resumeAfterHold(message.hold_until),
      'Chasing is on hold for this leaseholder',
    );
  }

  // They replied STOP: nothing more by WhatsApp or text, not even an SMS in WhatsApp's place.
  if (message.texts_stopped_at !== null) {
    const reason = stoppedReason(message.recipient, Number(message.texts_stopped_at));
    await changeMessageStatus(ctx, message.id, {
      status: 'failed',
      error: reason,
      detail: `Not sent: ${reason}`,
    });
    return;
  }

  // No 'sending' write before the provider call: the job's lease already makes this run the
  // only one for the message (claims are exclusive, FOR UPDATE SKIP LOCKED on PostgreSQL). Each
  // retry still shows on the timeline as its 'Will retry' event.
  let result: {
    status: 'sent' | 'queued' | 'captured';
    providerId: string | null;
    templateSid?: string;
  };
  try {
    // Captured messages go to no provider, so they need no pace.
    const hasProvider = message.channel === 'email' ? ctx.config.smtp : ctx.config.twilio;
    if (hasProvider) await takeSendSlot(ctx, message.channel);
    result = await deliver(ctx, message);
  } catch (error) {
    if (error instanceof DeferJob) throw error;
    if (error instanceof ChannelError && error.isSlowDown) await slowDown(ctx, message, error);
    await recordFailure(ctx, message, job, error);
    return;
  }
  const accepted = result;
  return withTransaction(ctx, async (tx) => {
    await changeMessageStatus(tx, message.id, {
      status: accepted.status,
      error: null,
      ...(accepted.providerId ? { providerId: accepted.providerId } : {}),
      detail: deliveredDetail(message.channel, accepted.status, accepted.templateSid),
    });
    // Recorded even if the claim was lost meanwhile: the provider did accept this message.
    return completeJobWithin(tx, job);
  });
};

function deliveredDetail(
  channel: MessageToSend['channel'],
  status: string,
  templateSid: string | undefined,
): string {
  if (status === 'captured') return 'Captured: no provider is configured, nothing was sent';
  if (channel === 'email') return 'Accepted by the SMTP server';
  const as = templateSid ? `, as approved template ${templateSid}` : '';
  return `Accepted by Twilio (${status})${as}`;
}

function findMessageToSend(ctx: AppContext, id: string): Promise<MessageToSend | undefined> {
  return ctx.db
    .selectFrom('messages')
    .innerJoin('payment_links', 'payment_links.id', 'messages.link_id')
    .innerJoin('message_contents', 'message_contents.message_id', 'messages.id')
    .innerJoin('tenants', 'tenants.id', 'payment_links.tenant_id')
    .leftJoin('text_opt_outs', (join) =>
      join
        .onRef('text_opt_outs.phone', '=', 'messages.recipient')
        .on('messages.channel', '!=', 'email'),
    )
    .selectAll('messages')
    .select([
      'text_opt_outs.stopped_at as texts_stopped_at',
      'tenants.hold_until',
      'tenants.erased_at',
      'message_contents.subject',
      'message_contents.body',
      'message_contents.html',
      'message_contents.variables',
      'payment_links.status as link_status',
      'payment_links.closed_reason as link_closed_reason',
      'payment_links.expires_at as link_expires_at',
    ])
    .where('messages.id', '=', id)
    .executeTakeFirst();
}

/** Not yet handed to a provider. (Twilio's own 'queued' comes with a SID.) */
function isStillToSend(message: MessageToSend): boolean {
  return (
    (message.status === 'queued' || message.status === 'sending') && message.provider_id === null
  );
}

/** Why a message waiting for its link was not sent, for staff reading the account's history. */
function notSentDetail(message: MessageToSend): string {
  switch (message.link_closed_reason) {
    case 'replaced':
      return 'Not sent: a newer link replaced this one';
    case 'settled':
      return 'Not sent: nothing was owed any more';
    case 'cancelled':
      return 'Not sent: the link was cancelled';
    default:
      return message.link_status === 'paid'
        ? 'Not sent: the link was paid'
        : `Not sent: the link had ${message.link_status === 'failed' ? 'failed' : 'expired'}`;
  }
}

function linkOf(message: MessageToSend) {
  return { status: message.link_status, expires_at: message.link_expires_at };
}

function deliver(ctx: AppContext, message: MessageToSend) {
  if (message.channel === 'email') {
    return ctx.channels.email.send({
      to: message.recipient,
      cc: emailsOf(message.cc),
      subject: message.subject ?? '',
      html: message.html ?? '',
      text: message.body,
      messageId: message.id,
    });
  }
  return ctx.channels.text.send({
    channel: message.channel,
    to: message.recipient,
    body: message.body,
    // Staff's own texts have no template: only the templated kinds keep values.
    ...(message.variables && message.kind !== 'staff_text'
      ? { template: { kind: message.kind, values: JSON.parse(message.variables) } }
      : {}),
    statusCallbackUrl: twilioStatusCallbackUrl(ctx),
  });
}

/** The provider asked us to slow down: the channel pauses, this message waits its turn. */
async function slowDown(ctx: AppContext, message: MessageToSend, error: ChannelError) {
  const until = ctx.clock.now() + SLOW_DOWN_PAUSE_MS;
  await pauseChannel(ctx, message.channel, until);
  const failure = describeFailure(error);
  await changeMessageStatus(ctx, message.id, {
    status: 'queued',
    error: failure.text,
    detail: `Waiting: the provider asked us to slow down (${failure.text})`,
  });
  throw new DeferJob(until, `The ${message.channel} provider asked us to slow down`);
}

function describeFailure(error: unknown): { text: string; code: string | null } {
  const text = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const code = error instanceof ChannelError ? (error.code ?? null) : null;
  return { text: code ? `${text} (${code})` : text, code };
}

async function recordFailure(
  ctx: AppContext,
  message: MessageToSend,
  job: Job,
  error: unknown,
): Promise<void> {
  const failure = describeFailure(error);
  // Anything that is not a ChannelError (a bug, the database) is treated as transient.
  const isPermanent = error instanceof ChannelError && error.isPermanent;
  const isLastAttempt = job.attempts >= job.max_attempts;
  if (!isPermanent && !isLastAttempt) {
    await changeMessageStatus(ctx, message.id, {
      status: 'queued',
      error: failure.text,
      detail: `Will retry: ${failure.text}`,
    });
    throw error;
  }
  await withTransaction(ctx, async (tx) => {
    await changeMessageStatus(tx, message.id, {
      status: 'failed',
      error: failure.text,
      detail: isPermanent
        ? failure.text
        : `Gave up after ${job.attempts} attempts: ${failure.text}`,
    });
    if (message.channel === 'whatsapp') await fallBackToSms(tx, message, failure);
    // Twilio refuses texts to a number that replied STOP to us (an opt-out we never heard of).
    if (failure.code === TWILIO_OPTED_OUT) await stopTexts(tx, message.recipient, 'twilio');
  });
  if (!isPermanent) throw error;
}
