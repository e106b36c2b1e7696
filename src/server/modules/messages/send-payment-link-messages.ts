import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/with-transaction.js';
import { isLinkOpen } from '../payment-links/link-state.js';
import { getTemplates } from '../templates/get-templates.js';
import { findLinksForMessages, firstChannelsOf, ID_CHUNK_SIZE } from './find-links-for-messages.js';
import { linkTemplateValues, renderMessageContent } from './message-content.js';
import { type NewMessage, queueMessages } from './queue-messages.js';
import { scheduleRemindersFor } from './schedule-reminders.js';

/**
 * Queues the payment-link messages for these links, in one transaction: for each link that is
 * still pending and unexpired, an email if the leaseholder has an address and a WhatsApp message
 * if they have a phone (SMS only as WhatsApp's fallback), rendered now from the current
 * templates, each with its send job; then the link's reminders. Sending the same link again adds
 * nothing (one message per link, kind and channel), unless it is for a new `occasion` (sent
 * again on request). `sendAt` holds them until then (a chase pressed at night). Callers audit the
 * staff action themselves.
 * Returns how many new messages were queued.
 */
export async function sendPaymentLinkMessages(
  ctx: AppContext,
  linkIds: readonly string[],
  options: { occasion?: string; detail?: string; sendAt?: number } = {},
): Promise<{ queued: number }> {
  const uniqueIds = [...new Set(linkIds)];
  return withTransaction(ctx, async (tx) => {
    const templates = await getTemplates(tx);
    const now = tx.clock.now();
    let queued = 0;
    for (let start = 0; start < uniqueIds.length; start += ID_CHUNK_SIZE) {
      const links = await findLinksForMessages(tx, uniqueIds.slice(start, start + ID_CHUNK_SIZE));
      const messages: NewMessage[] = [];
      const openLinks = links.filter((link) => isLinkOpen(link, now));
      for (const link of openLinks) {
        const values = linkTemplateValues(tx.config, link, now);
        for (const { channel, recipient, cc } of firstChannelsOf(link)) {
          messages.push({
            linkId: link.id,
            kind: 'payment_link',
            channel,
            recipient,
            cc,
            ...options,
            ...renderMessageContent(templates, 'payment_link', channel, values),
          });
        }
      }
      queued += (await queueMessages(tx, messages)).length;
      await scheduleRemindersFor(tx, openLinks);
    }
    return { queued };
  });
}
