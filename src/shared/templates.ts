import { z } from 'zod';
import type { TemplatedKind } from './messages.js';
import { findPlaceholders } from './render-template.js';

/**
 * Message templates (spec sections 3 and 5): one record of 11 text fields, edited on the Template
 * Manager page and rendered for every payment link, reminder and confirmation.
 */

/** Spec section 3's placeholders, with what each one becomes in a message. */
export const TEMPLATE_PLACEHOLDERS = [
  { name: 'tenantName', description: "The leaseholder's name, e.g. Mrs Margaret Hughes" },
  { name: 'amount', description: 'The balance due in pounds, e.g. £1,245.50' },
  { name: 'property', description: 'The property address' },
  { name: 'paymentUrl', description: "The leaseholder's own secure payment link" },
  { name: 'expiryDate', description: 'The date the link expires, e.g. 21/03/2025' },
  {
    name: 'expiresAt',
    description: 'The date and time the link expires, e.g. 21 Mar 2025 at 17:00',
  },
  { name: 'transactionId', description: 'The payment reference (confirmations)' },
  {
    name: 'paymentDate',
    description: 'When the payment was made, e.g. 14 Mar 2025 at 10:32 (confirmations)',
  },
  {
    name: 'timeRemaining',
    description: 'Time left before the link expires, e.g. 24 hours (reminders)',
  },
] as const;

export type PlaceholderName = (typeof TEMPLATE_PLACEHOLDERS)[number]['name'];

const PLACEHOLDER_NAMES: ReadonlySet<string> = new Set(
  TEMPLATE_PLACEHOLDERS.map((placeholder) => placeholder.name),
);

export function isPlaceholderName(name: string): name is PlaceholderName {
  return PLACEHOLDER_NAMES.has(name);
}

export const TEMPLATE_TABS = ['whatsapp', 'email'] as const;
export type TemplateTab = (typeof TEMPLATE_TABS)[number];

/** What a field holds: the form shows a one-line input for subjects and text areas otherwise. */
export type TemplateFormat = 'text' | 'subject' | 'html';

interface TemplateFieldInfo {
  tab: TemplateTab;
  format: TemplateFormat;
  /** The form's label; unique across both tabs. */
  label: string;
  /** When the message is sent, shown under the label. */
  hint: string;
  /** Spec section 5, word for word. */
  requiredMessage: string;
  /** How error messages name the field mid-sentence: 'Unknown placeholder {{x}} in the …'. */
  inSentence: string;
}

export const TEMPLATE_FIELD_INFO = {
  whatsappPaymentLink: {
    tab: 'whatsapp',
    format: 'text',
    label: 'Payment link message',
    hint: 'Sent when a payment link is created. Also the SMS text if WhatsApp fails.',
    requiredMessage: 'WhatsApp payment link template is required',
    inSentence: 'WhatsApp payment link template',
  },
  whatsappReminder24h: {
    tab: 'whatsapp',
    format: 'text',
    label: '24-hour reminder message',
    hint: 'Sent 24 hours before an unpaid link expires. Also the SMS text if WhatsApp fails.',
    requiredMessage: 'WhatsApp 24h reminder template is required',
    inSentence: 'WhatsApp 24h reminder template',
  },
  whatsappReminder1h: {
    tab: 'whatsapp',
    format: 'text',
    label: '1-hour reminder message',
    hint: 'Sent 1 hour before an unpaid link expires. Also the SMS text if WhatsApp fails.',
    requiredMessage: 'WhatsApp 1h reminder template is required',
    inSentence: 'WhatsApp 1h reminder template',
  },
  whatsappConfirmation: {
    tab: 'whatsapp',
    format: 'text',
    label: 'Payment confirmation message',
    hint: 'Sent when a payment is received. Also the SMS text if WhatsApp fails.',
    requiredMessage: 'WhatsApp confirmation template is required',
    inSentence: 'WhatsApp confirmation template',
  },
  emailPaymentSubject: {
    tab: 'email',
    format: 'subject',
    label: 'Payment email subject',
    hint: 'The subject line of the payment link email.',
    requiredMessage: 'Email payment subject is required',
    inSentence: 'email payment subject',
  },
  emailPaymentHtml: {
    tab: 'email',
    format: 'html',
    label: 'Payment email HTML',
    hint: 'The formatted body of the payment link email. Values are HTML-escaped.',
    requiredMessage: 'Email payment HTML template is required',
    inSentence: 'email payment HTML template',
  },
  emailPaymentText: {
    tab: 'email',
    format: 'text',
    label: 'Payment email plain text',
    hint: 'The plain-text version, for mail apps that do not show HTML.',
    requiredMessage: 'Email payment text template is required',
    inSentence: 'email payment text template',
  },
  emailReminderSubject: {
    tab: 'email',
    format: 'subject',
    label: 'Reminder email subject',
    hint: 'Used for both the 24-hour and the 1-hour reminder.',
    requiredMessage: 'Email reminder subject is required',
    inSentence: 'email reminder subject',
  },
  emailReminderHtml: {
    tab: 'email',
    format: 'html',
    label: 'Reminder email HTML',
    hint: 'Used for both reminders: {{timeRemaining}} tells them apart.',
    requiredMessage: 'Email reminder HTML template is required',
    inSentence: 'email reminder HTML template',
  },
  emailConfirmationSubject: {
    tab: 'email',
    format: 'subject',
    label: 'Confirmation email subject',
    hint: 'The subject line of the payment confirmation email.',
    requiredMessage: 'Email confirmation subject is required',
    inSentence: 'email confirmation subject',
  },
  emailConfirmationHtml: {
    tab: 'email',
    format: 'html',
    label: 'Confirmation email HTML',
    hint: 'The body of the payment confirmation email. Values are HTML-escaped.',
    requiredMessage: 'Email confirmation HTML template is required',
    inSentence: 'email confirmation HTML template',
  },
} as const satisfies Record<string, TemplateFieldInfo>;

export type TemplateField = keyof typeof TEMPLATE_FIELD_INFO;

/** Every field in spec section 3's order. */
export const TEMPLATE_FIELDS = Object.keys(TEMPLATE_FIELD_INFO) as TemplateField[];

/**
 * Each message's WhatsApp text, which is its SMS fallback too (the Template Manager says so under
 * each field); an approved WhatsApp template stands in for it on WhatsApp (decision 0017).
 */
export const WHATSAPP_TEXT_FIELDS: Record<TemplatedKind, TemplateField> = {
  payment_link: 'whatsappPaymentLink',
  reminder_24h: 'whatsappReminder24h',
  reminder_1h: 'whatsappReminder1h',
  confirmation: 'whatsappConfirmation',
};

export const TEMPLATE_TAB_FIELDS: Record<TemplateTab, TemplateField[]> = {
  whatsapp: TEMPLATE_FIELDS.filter((field) => TEMPLATE_FIELD_INFO[field].tab === 'whatsapp'),
  email: TEMPLATE_FIELDS.filter((field) => TEMPLATE_FIELD_INFO[field].tab === 'email'),
};

/**
 * Around the part of an email staff write (heading, paragraphs, sign-off) in the default HTML
 * emails: the Template Manager's formatted editor edits between these and leaves the frame
 * outside them (tables, inline styles for mail apps) as it is.
 */
export const EDITABLE_START = '<!-- editable -->';
export const EDITABLE_END = '<!-- /editable -->';

/** Far above any real message; stops a pasted file from being rendered into every message. */
export const TEMPLATE_MAX_LENGTH = 50_000;

export function unknownPlaceholderMessage(name: string, field: TemplateField): string {
  return `Unknown placeholder {{${name}}} in the ${TEMPLATE_FIELD_INFO[field].inSentence}`;
}

function templateText(field: TemplateField) {
  const { requiredMessage, inSentence } = TEMPLATE_FIELD_INFO[field];
  return (
    z
      .string({
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? requiredMessage
            : `The ${inSentence} must be text`,
      })
      // Spec section 5: minimum length 1; a template of spaces would send an empty message.
      .refine((value) => value.trim() !== '', requiredMessage)
      .refine((value) => value.length <= TEMPLATE_MAX_LENGTH, {
        message: `The ${inSentence} is too long (at most 50,000 characters)`,
        abort: true,
      })
      .superRefine((value, ctx) => {
        for (const name of findPlaceholders(value)) {
          if (!isPlaceholderName(name)) {
            ctx.addIssue({ code: 'custom', message: unknownPlaceholderMessage(name, field) });
          }
        }
      })
  );
}

/** PUT /api/templates and the Template Manager form: all 11 required, known placeholders only. */
export const TemplatesSchema = z.object({
  whatsappPaymentLink: templateText('whatsappPaymentLink'),
  whatsappReminder24h: templateText('whatsappReminder24h'),
  whatsappReminder1h: templateText('whatsappReminder1h'),
  whatsappConfirmation: templateText('whatsappConfirmation'),
  emailPaymentSubject: templateText('emailPaymentSubject'),
  emailPaymentHtml: templateText('emailPaymentHtml'),
  emailPaymentText: templateText('emailPaymentText'),
  emailReminderSubject: templateText('emailReminderSubject'),
  emailReminderHtml: templateText('emailReminderHtml'),
  emailConfirmationSubject: templateText('emailConfirmationSubject'),
  emailConfirmationHtml: templateText('emailConfirmationHtml'),
} satisfies Record<TemplateField, z.ZodType>);

export type Templates = z.infer<typeof TemplatesSchema>;

/**
 * The answer of GET and PUT /api/templates: the 11 fields as stored, without the save-time
 * rules, so a rule added later never makes a stored record unreadable.
 */
export const TemplatesRecordSchema = z.object(
  Object.fromEntries(TEMPLATE_FIELDS.map((field) => [field, z.string()])) as Record<
    TemplateField,
    z.ZodString
  >,
);
