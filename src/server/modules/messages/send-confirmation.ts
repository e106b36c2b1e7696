import { formatDateTime } from '../../../shared/dates.js';
import { formatPence } from '../../../shared/money.js';
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
  /** What this payment was for, in pence ({{amount}}: a part payment confirms its own amount). */
  amountPence: number;
  /** Something is still owed: the link stays open and its reminders keep going. */
  isPartPayment?: boolean;
}

/**
 * On payment: queues the confirmation (email and WhatsApp, as the leaseholder can be reached)
 * and cancels the link's pending reminders, in one transaction; pass `{ ...ctx, db: trx }` to
 * make it part of the transaction that records the payment. A second call for the same payment
 * (a repeated payment webhook) queues nothing more. Returns how many messages were queued.
 */
export async function sendConfirmation(
  ctx: AppContext,
  payment: ConfirmedPayment,
): Promise<{ queued: number }> {
  return withTransaction(ctx, async (tx) => {
    if (!payment.isPartPayment) await cancelReminders(tx, payment.linkId);
    const [link] = await findLinksForMessages(tx, [payment.linkId]);
    if (!link) throw new Error(`sendConfirmation: payment link ${payment.linkId} does not exist`);
    const templates = await getTemplates(tx);
    const values = {
      ...linkTemplateValues(tx.config, link, tx.clock.now()),
      amount: formatPence(payment.amountPence),
      transactionId: payment.transactionId,
      paymentDate: formatDateTime(payment.paidAt),
    };
    const created = await queueMessages(
      tx,
      firstChannelsOf(link).map(({ channel, recipient, cc }) => ({
        linkId: link.id,
        kind: 'confirmation' as const,
        channel,
        recipient,
        cc,
        detail: `Payment received (${payment.method})`,
        // One confirmation per payment: a link paid in parts confirms each part.
        occasion: payment.transactionId,
        ...renderMessageContent(templates, 'confirmation', channel, values),
      })),
    );
    return { queued: created.length };
  });
}
