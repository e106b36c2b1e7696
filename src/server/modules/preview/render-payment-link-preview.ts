import type { PreviewData, PreviewResult } from '../../../shared/messages.js';
import { parsePounds } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { linkTemplateValues, renderMessageContent } from '../messages/message-content.js';
import { getTemplates } from '../templates/get-templates.js';

export const INVALID_AMOUNT_MESSAGE = 'Amount must be an amount in pounds, such as 1245.50.';
export const INVALID_EXPIRY_MESSAGE =
  'Expiry must be a date and time, such as 2025-03-21T17:00:00Z.';

/**
 * POST /api/preview/generate: the payment link messages for one leaseholder, rendered by the same
 * code and templates as the messages that are sent, so the preview is what they will receive.
 * The SMS is the WhatsApp text, because SMS is only sent when WhatsApp fails.
 */
export async function renderPaymentLinkPreview(
  ctx: AppContext,
  data: PreviewData,
): Promise<PreviewResult> {
  const amountPence = parsePounds(data.amount);
  if (amountPence === null) throw new AppError('INVALID_REQUEST', INVALID_AMOUNT_MESSAGE);
  const expiresAt = Date.parse(data.expiresAt);
  if (Number.isNaN(expiresAt)) throw new AppError('INVALID_REQUEST', INVALID_EXPIRY_MESSAGE);

  const link = {
    id: '',
    amount_pence: amountPence,
    expires_at: expiresAt,
    tenant_name: data.tenant.name,
    tenant_email: data.tenant.email ?? null,
    tenant_phone: data.tenant.phone ?? null,
    tenant_address: data.tenant.address,
  };
  // The preview's own URL rather than one made from a link id: it may preview a link the upload
  // has not created yet.
  const values = {
    ...linkTemplateValues(ctx.config, link, ctx.clock.now()),
    paymentUrl: data.paymentUrl,
  };
  const templates = await getTemplates(ctx);
  const email = renderMessageContent(templates, 'payment_link', 'email', values);
  const whatsapp = renderMessageContent(templates, 'payment_link', 'whatsapp', values).body;
  return {
    email: { subject: email.subject ?? '', html: email.html ?? '' },
    whatsapp,
    sms: whatsapp,
  };
}
