import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createChannels } from './channels.js';

describe('createChannels', () => {
  it('captures every channel when no provider is configured (the embedded default)', async () => {
    const channels = createChannels(loadConfig({ NODE_ENV: 'test' }));

    expect(channels.email.mode).toBe('capture');
    expect(channels.text.mode).toBe('capture');
    await channels.close();
  });

  it('switches each channel to its real provider when its settings are present', async () => {
    const channels = createChannels(
      loadConfig({
        NODE_ENV: 'test',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: '2525',
        SMTP_FROM: 'payments@riverside-estates.example',
        TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_SMS_FROM: '+447700900002',
      }),
    );

    expect(channels.email.mode).toBe('smtp');
    expect(channels.text.mode).toBe('twilio');
    await channels.close();
  });
});
