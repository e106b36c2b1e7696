import { describe, expect, it } from 'vitest';
import { reportToastText } from './report-toast';

const NONE = { email: 0, whatsapp: 0, sms: 0 };

describe('the report toast', () => {
  it('agrees with the CSV: captured messages counted and labelled as captured', () => {
    const base = { totalTenants: 24, emailsSent: 22, whatsappSent: 21, smsSent: 0, queued: 0 };
    expect(reportToastText({ ...base, captured: { email: 22, whatsapp: 21, sms: 0 } })).toBe(
      '22 emails, 21 WhatsApp and 0 SMS messages captured (demo mode: none were delivered).',
    );
    expect(reportToastText({ ...base, captured: NONE })).toBe(
      '22 emails, 21 WhatsApp and 0 SMS messages sent.',
    );
    expect(reportToastText({ ...base, captured: { email: 22, whatsapp: 0, sms: 0 } })).toBe(
      '22 emails, 21 WhatsApp and 0 SMS messages sent, 22 of them captured in demo mode.',
    );
    expect(reportToastText({ ...base, captured: NONE, queued: 3 })).toBe(
      '22 emails, 21 WhatsApp and 0 SMS messages sent. 3 still queued.',
    );
    expect(reportToastText(null)).toBe('The notification report has been downloaded.');
  });
});
