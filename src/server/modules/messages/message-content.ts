import { formatDate, formatDateTime } from '../../../shared/dates.js';
import { timeRemaining } from '../../../shared/expiry.js';
import type { TemplatedKind } from '../../../shared/messages.js';
import { formatPence } from '../../../shared/money.js';
import { renderTemplate, type TemplateValues } from '../../../shared/render-template.js';
import { type Templates, WHATSAPP_TEXT_FIELDS } from '../../../shared/templates.js';
import type { Config } from '../../config.js';
import type { MessageChannel } from '../../db/schema.js';

/** What one message says, rendered when its row is created and stored with it. */
export interface MessageContent {
  subject: string | null;
  /** The email's text part, or the WhatsApp / SMS body. */
  body: string;
  html: string | null;
  /** WhatsApp: the values it was rendered with (JSON), for an approved template to be filled with. */
  variables?: string | null;
}

/** The link and leaseholder details every message is rendered from. */
export interface LinkForMessages {
  id: string;
  amount_pence: number;
  expires_at: number;
  tenant_name: string;
  tenant_email: string | null;
  /** Joint leaseholders' other addresses, copied on each email (TenantsTable.other_emails). */
  tenant_other_emails?: string | null;
  tenant_phone: string | null;
  tenant_address: string;
}

export function paymentUrlOf(config: Pick<Config, 'publicBaseUrl'>, linkId: string): string {
  return `${config.publicBaseUrl}/payment/${linkId}`;
}

/** The placeholders of spec section 3 that every kind of message can use. */
export function linkTemplateValues(
  config: Pick<Config, 'publicBaseUrl'>,
  link: LinkForMessages,
  now: number,
): Record<string, string> {
  return {
    tenantName: link.tenant_name,
    amount: formatPence(link.amount_pence),
    property: link.tenant_address,
    paymentUrl: paymentUrlOf(config, link.id),
    expiryDate: formatDate(link.expires_at),
    expiresAt: formatDateTime(link.expires_at),
    timeRemaining: timeRemaining(link.expires_at, now) ?? '',
  };
}

/**
 * Which templates make which message. There is no plain-text template for reminder and
 * confirmation emails (spec section 3 has 11 fields), so their text part is the WhatsApp text of
 * the same kind: written by staff as plain text for exactly that message, with the link in it,
 * which a text part made by stripping the HTML would not reliably be.
 */
const EMAIL_TEMPLATES: Record<
  TemplatedKind,
  { subject: keyof Templates; html: keyof Templates; text: keyof Templates }
> = {
  payment_link: {
    subject: 'emailPaymentSubject',
    html: 'emailPaymentHtml',
    text: 'emailPaymentText',
  },
  reminder_24h: {
    subject: 'emailReminderSubject',
    html: 'emailReminderHtml',
    text: 'whatsappReminder24h',
  },
  reminder_1h: {
    subject: 'emailReminderSubject',
    html: 'emailReminderHtml',
    text: 'whatsappReminder1h',
  },
  confirmation: {
    subject: 'emailConfirmationSubject',
    html: 'emailConfirmationHtml',
    text: 'whatsappConfirmation',
  },
};

/** Renders one message: values HTML-escaped in the HTML, left as typed in the subject and texts. */
export function renderMessageContent(
  templates: Templates,
  kind: TemplatedKind,
  channel: MessageChannel,
  values: TemplateValues,
): MessageContent {
  const text = (field: keyof Templates) =>
    renderTemplate(templates[field], values, { mode: 'text' });
  if (channel === 'email') {
    const fields = EMAIL_TEMPLATES[kind];
    return {
      subject: text(fields.subject),
      html: renderTemplate(templates[fields.html], values, { mode: 'html' }),
      body: text(fields.text),
    };
  }
  const body = text(WHATSAPP_TEXT_FIELDS[kind]);
  if (channel === 'sms') return { subject: null, html: null, body };
  return { subject: null, html: null, body, variables: JSON.stringify(values) };
}
