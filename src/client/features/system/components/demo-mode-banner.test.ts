import { describe, expect, it } from 'vitest';
import { describeDemoMode } from './demo-mode-banner';

describe('describeDemoMode', () => {
  it('names every part in the embedded default', () => {
    expect(
      describeDemoMode({ email: 'capture', messaging: 'capture', payments: 'demo', isDemo: true }),
    ).toEqual({
      summary:
        'Demo mode: emails and WhatsApp/SMS messages are captured, not sent, and payments are simulated.',
      toGoLive: 'Configure SMTP email, Twilio and Stripe to go live.',
    });
  });

  it('names only the parts still in demo', () => {
    expect(
      describeDemoMode({ email: 'smtp', messaging: 'capture', payments: 'stripe', isDemo: true }),
    ).toEqual({
      summary: 'Demo mode: WhatsApp/SMS messages are captured, not sent.',
      toGoLive: 'Configure Twilio to go live.',
    });
    expect(
      describeDemoMode({ email: 'smtp', messaging: 'twilio', payments: 'demo', isDemo: true })
        .summary,
    ).toBe('Demo mode: payments are simulated.');
  });
});
