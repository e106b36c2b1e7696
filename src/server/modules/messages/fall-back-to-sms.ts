import { sociableTime } from '../../../shared/expiry.js';
import type { AppContext } from '../../context.js';
import type { MessageKind } from '../../db/schema.js';
import { withTransaction } from '../../db/with-transaction.js';
import { writeAudit } from '../../lib/audit.js';
import { queueMessages } from './queue-messages.js';

/**
 * A payment link or reminder, rather than a confirmation of money received or staff's own text:
 * it waits for a sociable hour and a hold, and goes only while its link is open.
 */
export function asksToPay(kind: MessageKind): boolean {
  return kind !== 'confirmation' && kind !== 'staff_text';
}

export interface FailedWhatsApp {
  id: string;
  link_id: string;
  kind: MessageKind;
  recipient: string;
  /** Its occasion, so a resend's (or another staff text's) SMS is its own. */
  occasion: string;
}

/**
 * WhatsApp failed for good (an API refusal such as 63016, the last retry, or a failed /
 * undelivered callback): queue the same text as an SMS to the same number (ARCHITECTURE
 * section 4). The SMS row is unique per (link, kind), so however many failures are reported for
 * this message, and whichever way, at most one SMS is created, and its job is enqueued only by
 * the call that created it. Call it in the transaction that records the failure, so a crash
 * cannot record one without the other. A failure reported at night (a late callback) sends a
 * payment link or reminder at 10:00 instead (decision 0015); a payment's confirmation, or
 * staff's text, goes at once. Returns the SMS message's id, or null if one existed.
 */
export async function fallBackToSms(
  ctx: AppContext,
  whatsapp: FailedWhatsApp,
  reason: { text: string; code: string | null },
): Promise<string | null> {
  return withTransaction(ctx, async (tx) => {
    const content = await tx.db
      .selectFrom('message_contents')
      .select('body')
      .where('message_id', '=', whatsapp.id)
      .executeTakeFirstOrThrow();
    const [smsId] = await queueMessages(tx, [
      {
        linkId: whatsapp.link_id,
        kind: whatsapp.kind,
        channel: 'sms',
        recipient: whatsapp.recipient,
        subject: null,
        html: null,
        body: content.body,
        detail: `Fallback: WhatsApp failed (${reason.text})`,
        occasion: whatsapp.occasion,
        ...(asksToPay(whatsapp.kind) ? { sendAt: sociableTime(tx.clock.now()) } : {}),
      },
    ]);
    if (!smsId) return null;
    // The code only: provider messages can quote the phone number.
    await writeAudit(tx.db, tx.clock, {
      actor: 'system',
      action: 'message.fallback_sms',
      subject: whatsapp.id,
      details: { smsMessageId: smsId, kind: whatsapp.kind, code: reason.code },
    });
    return smsId;
  });
}
