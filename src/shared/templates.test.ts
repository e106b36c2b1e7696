import { describe, expect, it } from 'vitest';
import {
  TEMPLATE_FIELD_INFO,
  TEMPLATE_FIELDS,
  TEMPLATE_PLACEHOLDERS,
  TEMPLATE_TAB_FIELDS,
  type Templates,
  TemplatesSchema,
} from './templates.js';

function validTemplates(overrides: Partial<Record<keyof Templates, unknown>> = {}) {
  return {
    ...Object.fromEntries(
      TEMPLATE_FIELDS.map((field) => [field, `Dear {{tenantName}} (${field})`]),
    ),
    ...overrides,
  };
}

function messagesOf(input: unknown): { path: string; message: string }[] {
  const result = TemplatesSchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
}

describe('TemplatesSchema', () => {
  it('accepts all 11 fields with known placeholders, spaced or not', () => {
    const input = validTemplates({
      emailPaymentHtml:
        '<p>{{ tenantName }} {{amount}} {{property}} {{paymentUrl}} {{expiryDate}} {{expiresAt}} {{transactionId}} {{paymentDate}} {{timeRemaining}}</p>',
    });
    expect(TemplatesSchema.parse(input)).toEqual(input);
  });

  it.each(
    TEMPLATE_FIELDS.map((field) => [field, TEMPLATE_FIELD_INFO[field].requiredMessage] as const),
  )('requires %s: "%s", when missing, empty or only spaces', (field, message) => {
    expect(messagesOf(validTemplates({ [field]: undefined }))).toEqual([{ path: field, message }]);
    expect(messagesOf(validTemplates({ [field]: '' }))).toEqual([{ path: field, message }]);
    expect(messagesOf(validTemplates({ [field]: ' \n\t ' }))).toEqual([{ path: field, message }]);
  });

  it('uses the exact messages of spec section 5', () => {
    expect(TEMPLATE_FIELDS.map((field) => TEMPLATE_FIELD_INFO[field].requiredMessage)).toEqual([
      'WhatsApp payment link template is required',
      'WhatsApp 24h reminder template is required',
      'WhatsApp 1h reminder template is required',
      'WhatsApp confirmation template is required',
      'Email payment subject is required',
      'Email payment HTML template is required',
      'Email payment text template is required',
      'Email reminder subject is required',
      'Email reminder HTML template is required',
      'Email confirmation subject is required',
      'Email confirmation HTML template is required',
    ]);
  });

  it('refuses an unknown placeholder, naming it and the field', () => {
    expect(
      messagesOf(
        validTemplates({
          whatsappPaymentLink: 'Dear {{tenantNme}}, pay {{ amount }} at {{paymentUrl}}',
          emailReminderSubject: 'Reminder {{ bogus }} and {{Amount}} and {{bogus}}',
        }),
      ),
    ).toEqual([
      {
        path: 'whatsappPaymentLink',
        message: 'Unknown placeholder {{tenantNme}} in the WhatsApp payment link template',
      },
      {
        path: 'emailReminderSubject',
        message: 'Unknown placeholder {{bogus}} in the email reminder subject',
      },
      {
        path: 'emailReminderSubject',
        message: 'Unknown placeholder {{Amount}} in the email reminder subject',
      },
    ]);
  });

  it('refuses text that is not a string, and a template that is far too long', () => {
    expect(messagesOf(validTemplates({ whatsappConfirmation: 42 }))).toEqual([
      {
        path: 'whatsappConfirmation',
        message: 'The WhatsApp confirmation template must be text',
      },
    ]);
    expect(messagesOf(validTemplates({ emailPaymentHtml: 'x'.repeat(50_001) }))).toEqual([
      {
        path: 'emailPaymentHtml',
        message: 'The email payment HTML template is too long (at most 50,000 characters)',
      },
    ]);
  });

  it('splits the fields into the WhatsApp and Email tabs, and lists the 9 placeholders', () => {
    expect(TEMPLATE_TAB_FIELDS.whatsapp).toEqual([
      'whatsappPaymentLink',
      'whatsappReminder24h',
      'whatsappReminder1h',
      'whatsappConfirmation',
    ]);
    expect(TEMPLATE_TAB_FIELDS.email).toHaveLength(7);
    expect(TEMPLATE_TAB_FIELDS.email.every((field) => field.startsWith('email'))).toBe(true);
    expect(TEMPLATE_PLACEHOLDERS.map((placeholder) => placeholder.name)).toEqual([
      'tenantName',
      'amount',
      'property',
      'paymentUrl',
      'expiryDate',
      'expiresAt',
      'transactionId',
      'paymentDate',
      'timeRemaining',
    ]);
    const labels = TEMPLATE_FIELDS.map((field) => TEMPLATE_FIELD_INFO[field].label);
    expect(new Set(labels).size).toBe(11);
  });
});
