import type { PaymentLinkItem } from '../../../shared/payment-links.js';
import { PAYMENT_LINK_NOT_FOUND_MESSAGE } from '../../../shared/payment-links.js';
import type { AppContext } from '../../context.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { accountForNewLink, issueLink } from '../accounts/issue-link.js';
import { cancelReminders } from '../messages/cancel-reminders.js';
import { sendPaymentLinkMessages } from '../messages/send-payment-link-messages.js';
import { linksWithTenants, toPaymentLinkItem } from './link-query.js';

export const ALREADY_RENEWED_MESSAGE =
  'This link has already been renewed: renew its new link instead.';

/**
 * POST /api/payment-links/{id}/renew (spec sections 2 and 4): for a pending, expired or failed
 * link (a Direct Debit that failed leaves the balance owed), a new link for what the account owes
 * now, sent to the leaseholder; the old link, and any other open link of the account, is closed
 * as replaced with its reminders cancelled, all in one transaction. The conditional update makes
 * two renewals of the same link at once produce one new link (the loser rolls back, 409).
 */
export async function renewPaymentLink(ctx: AppContext, id: string): Promise<PaymentLinkItem> {
  const newId = await ctx.db.transaction().execute(async (trx) => {
    const tx = { ...ctx, db: trx };
    const link = await trx
      .selectFrom('payment_links')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!link) throw new AppError('NOT_FOUND', PAYMENT_LINK_NOT_FOUND_MESSAGE);
    if (link.replaced_by) throw new AppError('CONFLICT', ALREADY_RENEWED_MESSAGE);
    if (link.status === 'paid') {
      throw new AppError('CONFLICT', 'This link has been paid, so it cannot be renewed.');
    }
    if (link.processing_since !== null) {
      throw new AppError('CONFLICT', 'A payment on this link is still being processed.');
    }
    const account = await accountForNewLink(tx, link.tenant_id);

    const fresh = await issueLink(tx, {
      tenantId: link.tenant_id,
      amountPence: account.balance_pence,
      batchId: link.batch_id,
    });
    const replaced = await trx
      .updateTable('payment_links')
      .set({
        status: 'expired',
        replaced_by: fresh,
        closed_reason: 'replaced',
        closed_at: tx.clock.now(),
      })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('replaced_by', 'is', null), eb('replaced_by', '=', fresh)]))
      .where('status', 'in', ['pending', 'expired', 'failed'])
      .where('processing_since', 'is', null)
      .executeTakeFirst();
    if (replaced.numUpdatedRows === 0n) throw new AppError('CONFLICT', ALREADY_RENEWED_MESSAGE);
    await cancelReminders(tx, id);
    await sendPaymentLinkMessages(tx, [fresh]);
    // The leaseholder, not the link ids: a link id is the key to someone's balance.
    await writeAudit(trx, ctx.clock, {
      actor: 'admin',
      action: 'payment_link.renewed',
      subject: link.tenant_id,
      details: { amountPence: account.balance_pence },
    });
    return fresh;
  });
  const row = await linksWithTenants(ctx, ctx.clock.now())
    .where('payment_links.id', '=', newId)
    .executeTakeFirstOrThrow();
  return toPaymentLinkItem(ctx, row);
}
