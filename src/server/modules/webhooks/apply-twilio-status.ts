import type { AppContext } from '../../context.js';
import type { MessageStatus } from '../../db/schema.js';
import { withTransaction } from '../../db/with-transaction.js';
import {
  canAdvanceDeliveryStatus,
  type DeliveryStatus,
  isTerminalDeliveryStatus,
  mapTwilioStatus,
} from '../../integrations/messaging/twilio-status.js';
import { changeMessageStatus } from '../messages/change-message-status.js';
import { fallBackToSms } from '../messages/fall-back-to-sms.js';
import { stopTexts, TWILIO_OPTED_OUT } from '../messages/text-opt-outs.js';

export interface TwilioStatusUpdate {
  /** Twilio's message SID, stored as the message's provider_id when it was sent. */
  messageSid: string;
  /** Twilio's status word (queued, sent, delivered, read, failed, undelivered, …). */
  status: string;
  errorCode?: string;
}

export type TwilioStatusOutcome = 'applied' | 'ignored' | 'unknown';

const DELIVERY_STATUSES: ReadonlySet<MessageStatus> = new Set<DeliveryStatus>([
  'queued',
  'sent',
  'delivered',
  'read',
  'failed',
  'undelivered',
]);

function isDeliveryStatus(status: MessageStatus): status is DeliveryStatus {
  return DELIVERY_STATUSES.has(status);
}

/**
 * Records a delivery status that Twilio reported for one of our messages. Only a status that
 * moves the message forward is applied (callbacks arrive out of order and are repeated); a
 * WhatsApp message that ends failed or undelivered falls back to SMS in the same transaction.
 * The update is a compare-and-set on the status read, so two copies of one callback handled at
 * once apply it once: the loser re-reads and finds nothing left to do.
 */
export async function applyTwilioStatus(
  ctx: AppContext,
  update: TwilioStatusUpdate,
): Promise<TwilioStatusOutcome> {
  const next = mapTwilioStatus(update.status);
  if (next === null) return 'ignored';
  for (;;) {
    const outcome = await withTransaction(ctx, async (tx) => {
      const message = await tx.db
        .selectFrom('messages')
        .selectAll()
        .where('provider_id', '=', update.messageSid)
        .executeTakeFirst();
      if (!message) return 'unknown' as const;
      if (!isDeliveryStatus(message.status) || !canAdvanceDeliveryStatus(message.status, next)) {
        return 'ignored' as const;
      }
      const failure = isTerminalDeliveryStatus(next)
        ? {
            text: `Twilio reported ${next}${update.errorCode ? ` (error ${update.errorCode})` : ''}`,
            code: update.errorCode ?? null,
          }
        : null;
      const isChanged = await changeMessageStatus(
        tx,
        message.id,
        {
          status: next,
          detail: failure?.text ?? `Twilio: ${update.status}`,
          ...(failure ? { error: failure.text } : {}),
        },
        message.status,
      );
      if (!isChanged) return 'raced' as const;
      if (failure && message.channel === 'whatsapp') await fallBackToSms(tx, message, failure);
      if (failure?.code === TWILIO_OPTED_OUT) await stopTexts(tx, message.recipient, 'twilio');
      return 'applied' as const;
    });
    if (outcome !== 'raced') return outcome;
  }
}
