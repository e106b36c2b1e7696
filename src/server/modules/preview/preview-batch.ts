import type { BatchPreview } from '../../../shared/messages.js';
import { penceToDecimalString } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import { linkTemplateValues, renderMessageContent } from '../messages/message-content.js';
import { getTemplates } from '../templates/get-templates.js';
import { batchLinks } from '../uploads/batch-links.js';

/**
 * GET /api/upload/batch/{batchId}/preview (spec section 3 "Batch preview"): each leaseholder
 * still to pay, with the payment-link messages rendered by the code and templates that will send
 * them. The SMS is the WhatsApp text: it is only sent when WhatsApp fails. A landline gets
 * neither.
 */
export async function previewBatch(ctx: AppContext, batchId: string): Promise<BatchPreview> {
  const now = ctx.clock.now();
  // What Send would send (send-batch-notifications.ts): links still to be paid, not a paid one,
  // nor one a renewal replaced (its successor, in the same batch, is shown instead).
  const links = (await batchLinks(ctx, batchId)).filter(
    (link) => link.status === 'pending' && link.expires_at > now,
  );
  const templates = await getTemplates(ctx);
  return {
    tenants: links.map((link) => {
      const values = linkTemplateValues(ctx.config, link, now);
      const email = renderMessageContent(templates, 'payment_link', 'email', values);
      const whatsapp = renderMessageContent(templates, 'payment_link', 'whatsapp', values).body;
      const isTextable = link.tenant_phone !== null && link.tenant_phone_kind !== 'landline';
      return {
        tenant: {
          name: link.tenant_name,
          email: link.tenant_email,
          phone: isTextable ? link.tenant_phone : null,
          address: link.tenant_address,
        },
        amount: penceToDecimalString(link.amount_pence),
        preview: {
          email: { subject: email.subject ?? '', content: email.html ?? '' },
          whatsapp: { content: whatsapp },
          sms: { content: whatsapp },
        },
      };
    }),
  };
}
