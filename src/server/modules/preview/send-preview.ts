import type { PreviewData } from '../../../shared/messages.js';
import { PAYMENT_LINK_NOT_FOUND_MESSAGE } from '../../../shared/payment-links.js';
import type { AppContext } from '../../context.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { sendPaymentLinkMessages } from '../messages/send-payment-link-messages.js';

/** The link id in a leaseholder's URL, `https://…/payment/{id}`; null for any other URL. */
export function linkIdFromPaymentUrl(paymentUrl: string): string | null {
  let path: string;
  try {
    // A base, so a path alone ('/payment/abc') works too; only the path is looked at.
    path = new URL(paymentUrl, 'http://localhost').pathname;
  } catch {
    return null;
  }
  const match = /^\/payment\/([A-Za-z0-9_-]+)\/?$/.exec(path);
  return match ? match[1]! : null;
}

/**
 * POST /api/preview/send: sends the payment link messages of the link the preview was made for.
 * Only a pending, unexpired link is sent; anything else answers as not found, so a stale preview
 * (the link was paid or renewed meanwhile) cannot message a leaseholder about a dead link.
 * Sending again queues nothing new (one message per link, kind and channel): `queued` is 0.
 */
export async function sendPreview(
  ctx: AppContext,
  data: PreviewData,
): Promise<{ success: true; queued: number }> {
  const linkId = linkIdFromPaymentUrl(data.paymentUrl);
  if (!linkId) throw new AppError('NOT_FOUND', PAYMENT_LINK_NOT_FOUND_MESSAGE);
  const link = await ctx.db
    .selectFrom('payment_links')
    .select(['id', 'tenant_id'])
    .where('id', '=', linkId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', ctx.clock.now())
    .executeTakeFirst();
  if (!link) throw new AppError('NOT_FOUND', PAYMENT_LINK_NOT_FOUND_MESSAGE);

  const { queued } = await sendPaymentLinkMessages(ctx, [link.id]);
  // The tenant, not the link: a link id is the key to someone's balance (ARCHITECTURE section 7).
  await writeAudit(ctx.db, ctx.clock, {
    actor: 'admin',
    action: 'preview.send',
    subject: link.tenant_id,
    details: { queued },
  });
  return { success: true, queued };
}
