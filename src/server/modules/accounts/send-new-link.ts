import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/with-transaction.js';
import { writeAudit } from '../../lib/audit.js';
import { sendPaymentLinkMessages } from '../messages/send-payment-link-messages.js';
import { accountForNewLink, issueLink } from './issue-link.js';

/**
 * POST /api/leaseholders/{id}/links ("Send a new link now"): a new link for the balance, sent at
 * once by every channel the leaseholder has; their open link, if any, is replaced. Refused with
 * nothing owed, while chasing is held, or for an erased account. Returns the new link's id.
 */
export function sendNewLink(ctx: AppContext, tenantId: string): Promise<{ linkId: string }> {
  return withTransaction(ctx, async (tx) => {
    const account = await accountForNewLink(tx, tenantId);
    const linkId = await issueLink(tx, { tenantId, amountPence: account.balance_pence });
    await sendPaymentLinkMessages(tx, [linkId], {
      detail: 'Sent by staff from the leaseholder page',
    });
    await writeAudit(tx.db, tx.clock, {
      actor: 'admin',
      action: 'leaseholder.link_sent',
      subject: tenantId,
      details: { amountPence: account.balance_pence },
    });
    return { linkId };
  });
}
