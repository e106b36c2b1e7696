import type { StaffTextRequest } from '../../../shared/messages.js';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/with-transaction.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { queueMessages } from '../messages/queue-messages.js';
import { stoppedReason, textsStoppedAt } from '../messages/text-opt-outs.js';
import { findAccount } from './get-account.js';

export const NO_MOBILE_MESSAGE = 'There is no mobile number to send a text to.';
export const NO_LINK_YET_MESSAGE =
  'This leaseholder has had no payment link yet: send one first, then write to them.';

/**
 * POST /api/leaseholders/{id}/texts: staff's own words to the leaseholder's mobile ("Thank you,
 * we have found your payment"), usually an answer to their reply. It goes by WhatsApp, which
 * takes free text within 24 hours of their last message to us, and as an SMS when WhatsApp
 * refuses it (the usual fallback). It is kept with their latest link's messages, so the Message
 * Log and the history show it. Not held back by a hold or a closed link: staff chose to write.
 * Their replies count as read once answered.
 */
export function sendStaffText(
  ctx: AppContext,
  tenantId: string,
  request: StaffTextRequest,
): Promise<void> {
  return withTransaction(ctx, async (tx) => {
    const account = await findAccount(tx, tenantId, { forUpdate: true });
    if (account.erased_at !== null) {
      throw new AppError(
        'CONFLICT',
        "This leaseholder's personal data was erased: they cannot be messaged.",
      );
    }
    if (account.phone === null || account.phone_kind !== 'mobile') {
      throw new AppError('CONFLICT', NO_MOBILE_MESSAGE);
    }
    const stoppedAt = await textsStoppedAt(tx, account.phone);
    if (stoppedAt !== null) {
      throw new AppError('CONFLICT', `Not sent: ${stoppedReason(account.phone, stoppedAt)}.`);
    }
    const link = await tx.db
      .selectFrom('payment_links')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!link) throw new AppError('CONFLICT', NO_LINK_YET_MESSAGE);
    await queueMessages(tx, [
      {
        linkId: link.id,
        kind: 'staff_text',
        channel: 'whatsapp',
        recipient: account.phone,
        subject: null,
        html: null,
        body: request.text,
        detail: 'Written by staff',
        occasion: request.requestId ?? newId(),
      },
    ]);
    // Answered: their replies leave the dashboard (a STOP stays until read: it is not answered).
    await tx.db
      .updateTable('account_events')
      .set({ read_at: tx.clock.now() })
      .where('tenant_id', '=', tenantId)
      .where('kind', '=', 'reply')
      .where('read_at', 'is', null)
      .execute();
    // What staff wrote may hold personal data: the audit says only that a text was sent.
    await writeAudit(tx.db, tx.clock, {
      actor: 'admin',
      action: 'leaseholder.text_sent',
      subject: tenantId,
    });
  });
}
