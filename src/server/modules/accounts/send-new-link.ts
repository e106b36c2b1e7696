import { NO_EMAIL_AND_STOPPED_MESSAGE } from '../../../shared/leaseholders.js';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/with-transaction.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { sendPaymentLinkMessages } from '../messages/send-payment-link-messages.js';
import { textsStoppedAt } from '../messages/text-opt-outs.js';
import { accountForNewLink, issueLink } from './issue-link.js';

/**
 * POST /api/leaseholders/{id}/links ("Send a new link now"): a new link for the balance, sent at
 * once by every channel the leaseholder has; their open link, if any, is replaced. Refused with
 * nothing owed, while chasing is held, for an erased account, or when their only phone replied
 * STOP and they have no email. Returns the new link's id.
 */
export function sendNewLink(ctx: AppContext, tenantId: string): Promise<{ linkId: string }> {
  return withTransaction(ctx, async (tx) => {
    const account = await accountForNewLink(tx, tenantId);
    // A link no message can carry would wait unseen: say so instead.
    if (account.email === null && (await textsStoppedAt(tx, account.phone)) !== null) {
      throw new AppError('CONFLICT', NO_EMAIL_AND_STOPPED_MESSAGE);
    }
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
