import { describe, expect, it } from 'vitest';
import { findPlaceholders, renderTemplate } from '../../../shared/render-template.js';
import { isPlaceholderName, TEMPLATE_FIELDS, TemplatesSchema } from '../../../shared/templates.js';
import { buildDefaultTemplates } from './default-templates.js';

const company = {
  name: 'Riverside Estate Management',
  phone: '020 7946 0123',
  email: 'enquiries@riverside-estates.example',
};

const defaults = buildDefaultTemplates(company);

/** Realistic, longish values: the SMS fallback must stay short with these filled in. */
const sample = {
  tenantName: 'Mrs Margaret Hughes-Fotheringham',
  amount: '£12,345.67',
  property: 'Flat 14, Riverside Court, 12 Wharf Road, London SE1 9PG',
  paymentUrl: 'https://pay.riverside-estates.example/payment/k3J9xQ2mV7pL8rT4wY6zA1',
  expiryDate: '21/03/2025',
  expiresAt: '21 Mar 2025 at 17:00',
  transactionId: 'pi_3QxYz1AbCdEfGhIj2KlMnOp',
  paymentDate: '14 Mar 2025 at 10:32',
  timeRemaining: '24 hours',
};

const WARNED = [
  'whatsappPaymentLink',
  'whatsappReminder24h',
  'whatsappReminder1h',
  'emailPaymentHtml',
  'emailPaymentText',
  'emailReminderHtml',
] as const;

describe('default templates', () => {
  it('pass the save rules: all 11 present, known placeholders only', () => {
    expect(TemplatesSchema.parse(defaults)).toEqual(defaults);
    for (const field of TEMPLATE_FIELDS) {
      expect(findPlaceholders(defaults[field]).every(isPlaceholderName)).toBe(true);
    }
  });

  it.each(WARNED)(
    '%s warns of the £450.00 + VAT Letter Before Action, Section 146 and interest',
    (field) => {
      const text = defaults[field];
      expect(text).toMatch(/Letter Before Action/);
      expect(text).toMatch(/no less than (<strong>)?£450\.00 \+ VAT/);
      expect(text).toMatch(/Section 146 Notice/);
      expect(text).toMatch(/Law of Property Act 1925/);
      expect(text).toMatch(/[Ii]nterest accrues on overdue sums/);
    },
  );

  it('payment and reminder messages carry the payment link; confirmations the reference', () => {
    for (const field of WARNED) expect(defaults[field]).toContain('{{paymentUrl}}');
    expect(defaults.emailPaymentHtml).toMatch(/<a href="\{\{paymentUrl\}\}"[^>]*>Pay now<\/a>/);
    expect(defaults.emailReminderHtml).toMatch(/<a href="\{\{paymentUrl\}\}"[^>]*>Pay now<\/a>/);
    expect(defaults.whatsappConfirmation).toContain('{{transactionId}}');
    expect(defaults.emailConfirmationHtml).toContain('{{transactionId}}');
    expect(defaults.emailReminderSubject).toContain('{{timeRemaining}}');
  });

  it('keep every WhatsApp text (also the SMS fallback) under 600 characters once filled in', () => {
    for (const field of TEMPLATE_FIELDS.filter((name) => name.startsWith('whatsapp'))) {
      const rendered = renderTemplate(defaults[field], sample, { mode: 'text' });
      expect(rendered.length, field).toBeLessThan(600);
      expect(rendered).not.toMatch(/[{}]/);
    }
  });

  it('are mobile-friendly HTML documents with the company details written in', () => {
    for (const field of [
      'emailPaymentHtml',
      'emailReminderHtml',
      'emailConfirmationHtml',
    ] as const) {
      const html = defaults[field];
      expect(html).toMatch(/^<!DOCTYPE html>/);
      expect(html).toContain(
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
      );
      expect(html).toContain('max-width:600px');
      expect(html).toContain('Riverside Estate Management');
      expect(html).toContain('020 7946 0123');
      expect(html).not.toMatch(/<script|<style/);
    }
    expect(defaults.whatsappPaymentLink).toContain('Call us on 020 7946 0123');
  });

  it('escape the company details in HTML and drop braces from them', () => {
    const odd = buildDefaultTemplates({
      name: 'Smith & <Jones> {{bogus}}',
      phone: '0161 496 0000',
      email: 'a@b.example',
    });
    expect(odd.emailPaymentHtml).toContain('Smith &amp; &lt;Jones&gt; bogus');
    expect(odd.whatsappConfirmation).toContain('Smith & <Jones> bogus');
    expect(TemplatesSchema.safeParse(odd).success).toBe(true);
  });
});
