import type { Templates } from '../../../shared/templates.js';
import {
  type CompanyDetails,
  emailLayout,
  notice,
  paragraph,
  payButton,
  summaryTable,
} from './email-layout.js';

/**
 * The texts used until staff save their own (spec section 9: the payment and reminder messages
 * warn of a Letter Before Action costing no less than £450.00 + VAT, a Section 146 Notice under
 * the Law of Property Act 1925, and interest on overdue sums). The company's name and phone come
 * from the settings and are written in as plain text; everything per leaseholder is a placeholder.
 *
 * WhatsApp texts are also the SMS fallback, so they stay short and plain (under 600 characters
 * once filled in) and use no WhatsApp-only formatting.
 */

const LEGAL_SHORT =
  'Unpaid sums may lead to a Letter Before Action (cost no less than £450.00 + VAT, charged to your account) and a Section 146 Notice under the Law of Property Act 1925. Interest accrues on overdue sums.';

const LEGAL_TEXT =
  'If the balance remains unpaid, we may instruct our solicitors to send a Letter Before Action, at a cost of no less than £450.00 + VAT, which will be charged to your account. Continued non-payment may lead to a Section 146 Notice being served under the Law of Property Act 1925, which can put your lease at risk. Interest accrues on overdue sums in accordance with your lease.';

const LEGAL_HTML =
  '<strong>Please do not ignore this request.</strong> If the balance remains unpaid, we may instruct our solicitors to send a Letter Before Action, at a cost of no less than <strong>£450.00 + VAT</strong>, which will be charged to your account. Continued non-payment may lead to a <strong>Section 146 Notice</strong> being served under the Law of Property Act 1925, which can put your lease at risk. Interest accrues on overdue sums in accordance with your lease.';

/** Settings are free text: braces would read as placeholders, so they are dropped. */
function withoutBraces(company: CompanyDetails): CompanyDetails {
  const clean = (value: string) => value.replace(/[{}]/g, '').trim();
  return { name: clean(company.name), phone: clean(company.phone), email: clean(company.email) };
}

export function buildDefaultTemplates(details: CompanyDetails): Templates {
  const company = withoutBraces(details);
  const help = (channel: 'call' | 'email') =>
    channel === 'call'
      ? `Questions or difficulty paying? Call us on ${company.phone}.`
      : `Having difficulty paying? Please contact us on ${company.phone} or ${company.email} as soon as possible: we would much rather agree a plan with you than take further action.`;

  return {
    whatsappPaymentLink: `Dear {{tenantName}},

Your service charge and ground rent balance for {{property}} is {{amount}}.

Please pay securely by {{expiryDate}} using your personal link:
{{paymentUrl}}

${LEGAL_SHORT}

${help('call')}
${company.name}`,

    whatsappReminder24h: `Reminder for {{tenantName}}: {{amount}} for {{property}} is still unpaid, and your payment link expires in {{timeRemaining}} ({{expiresAt}}).

Pay now: {{paymentUrl}}

${LEGAL_SHORT}

Already paid? Thank you, please ignore this message.
${company.name}, ${company.phone}`,

    whatsappReminder1h: `Final reminder, {{tenantName}}: your link to pay {{amount}} for {{property}} expires in {{timeRemaining}}.

Pay now: {{paymentUrl}}

${LEGAL_SHORT}

${company.name}, ${company.phone}`,

    whatsappConfirmation: `Thank you, {{tenantName}}. We have received your payment of {{amount}} for {{property}} on {{paymentDate}}.

Reference: {{transactionId}}

Please keep this message for your records.
${company.name}`,

    emailPaymentSubject: 'Payment due: {{amount}} for {{property}}',

    emailPaymentHtml: emailLayout({
      company,
      preheader: '{{amount}} is due for {{property}}. Pay securely by {{expiryDate}}.',
      heading: 'Your payment is due',
      body: [
        paragraph('Dear {{tenantName}},'),
        paragraph(
          'Your service charge and ground rent account has a balance due. Please pay it using your secure, personal payment link below.',
        ),
        summaryTable([
          ['Amount due', '{{amount}}'],
          ['Property', '{{property}}'],
          ['Pay by', '{{expiresAt}}'],
        ]),
        payButton('Pay now'),
        paragraph(
          'You can pay by debit or credit card, Open Banking or Direct Debit. Your payment details go straight to our secure payment provider and are never stored by us.',
        ),
        notice(LEGAL_HTML),
        paragraph(
          `If you have already paid, thank you, and please ignore this email. ${help('email')}`,
        ),
      ].join('\n'),
    }),

    emailPaymentText: `Dear {{tenantName}},

Your service charge and ground rent account has a balance due. Please pay it using your secure, personal payment link.

Amount due: {{amount}}
Property: {{property}}
Pay by: {{expiresAt}}

Pay now: {{paymentUrl}}

You can pay by debit or credit card, Open Banking or Direct Debit. Your payment details go straight to our secure payment provider and are never stored by us.

${LEGAL_TEXT}

If you have already paid, thank you, and please ignore this email. ${help('email')}

Kind regards,
${company.name}

This message is for the named leaseholder only. We will never ask for your card details by email or phone.`,

    emailReminderSubject: 'Reminder: your payment link expires in {{timeRemaining}}',

    emailReminderHtml: emailLayout({
      company,
      preheader:
        '{{amount}} for {{property}} is still unpaid. Your link expires in {{timeRemaining}}.',
      heading: 'Your payment link expires soon',
      body: [
        paragraph('Dear {{tenantName}},'),
        paragraph(
          'Our records show that the balance below is still unpaid. Your secure payment link expires in <strong>{{timeRemaining}}</strong>, on {{expiresAt}}.',
        ),
        summaryTable([
          ['Amount due', '{{amount}}'],
          ['Property', '{{property}}'],
          ['Link expires', '{{expiresAt}}'],
        ]),
        payButton('Pay now'),
        notice(LEGAL_HTML),
        paragraph(`Already paid? Thank you, and please ignore this reminder. ${help('email')}`),
      ].join('\n'),
    }),

    emailConfirmationSubject: 'Payment received: {{amount}} for {{property}}',

    emailConfirmationHtml: emailLayout({
      company,
      preheader: 'Thank you. We have received your payment of {{amount}}.',
      heading: 'Thank you for your payment',
      body: [
        paragraph('Dear {{tenantName}},'),
        paragraph('We have received your payment. Thank you for paying promptly.'),
        summaryTable([
          ['Amount paid', '{{amount}}'],
          ['Property', '{{property}}'],
          ['Paid on', '{{paymentDate}}'],
          ['Reference', '{{transactionId}}'],
        ]),
        paragraph(
          'Please keep this email as your receipt. If anything above looks wrong, please contact us and quote the reference.',
        ),
      ].join('\n'),
    }),
  };
}
