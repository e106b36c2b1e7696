import { formatDateTime } from '../../../shared/dates.js';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/with-transaction.js';
import { getTemplates } from '../templates/get-templates.js';
import { cancelReminders } from './cancel-reminders.js';
import { findLinksForMessages, firstChannelsOf } from './find-links-for-messages.js';
import { linkTemplateValues, renderMessageContent } from './message-content.js';
import { queueMessages } from './queue-messages.js';

export interface ConfirmedPayment {
  linkId: string;
  /** The payment reference shown to the leaseholder ({{transactionId}}). */
  transactionId: string;
  /** Epoch ms. */
  paidAt: number;
  /** How they paid (card, pay_by_bank, bacs_debit, demo): recorded on the message's timeline. */
  method: string;
}

/**
 * On payment: queues the confirmation (email and WhatsApp, as the leaseholder can be reached)
 * and cancels the link's pending reminders, in one transaction; pass `{ ...ctx, db: trx }` to
 * make it part of the transaction that records the payment. A second call for the same link
 * (a repeated payment webhook) queues nothing more. Returns how many messages were queued.
 */
export async function sendConfirmation(
  ctx: AppContext,
  payment: ConfirmedPayment,
): Promise<{ queued: number }> {
  return withTransaction(ctx, async (tx) => {
    await cancelReminders(tx, payment.linkId);
    const [link] = await findLinksForMessages(tx, [payment.linkId]);
    if (!link) throw new Error(`sendConfirmation: payment link ${payment.linkId} does not exist`);
    const templates = await getTemplates(tx);
    const values = {
      ...linkTemplateValues(tx.config, link, tx.clock.now()),
      transactionId: payment.transactionId,
      paymentDate: formatDateTime(payment.paidAt),
    };
    const created = await queueMessages(
      tx,
      firstChannelsOf(link).map(({ channel, recipient }) => ({
        linkId: link.id,
        kind: 'confirmation' as const,
        channel,
        recipient,
        detail: `Payment received (${payment.method})`,
        ...renderMessageContent(templates, 'confirmation', channel, values),
      })),
    );
    return { queued: created.length };
  });
}
