import type { BatchPreview } from '../../../shared/messages.js';
import { penceToDecimalString } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import { emailsOf } from '../../lib/email-list.js';
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
  const sent = await sentLinkIds(
    ctx,
    links.map((link) => link.id),
  );
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
          otherEmails: emailsOf(link.tenant_other_emails),
          phone: isTextable ? link.tenant_phone : null,
          address: link.tenant_address,
        },
        amount: penceToDecimalString(link.amount_pence),
        isSent: sent.has(link.id),
        preview: {
          email: { subject: email.subject ?? '', content: email.html ?? '' },
          whatsapp: { content: whatsapp },
          sms: { content: whatsapp },
        },
      };
    }),
  };
}

/** Of these links, those given their payment-link message already (issue 31: sent, not offered). */
async function sentLinkIds(ctx: AppContext, linkIds: readonly string[]): Promise<Set<string>> {
  const sent = new Set<string>();
  for (let start = 0; start < linkIds.length; start += 500) {
    const rows = await ctx.db
      .selectFrom('messages')
      .select('link_id')
      .distinct()
      .where('kind', '=', 'payment_link')
      .where('link_id', 'in', linkIds.slice(start, start + 500))
      .execute();
    for (const row of rows) sent.add(row.link_id);
  }
  return sent;
}
