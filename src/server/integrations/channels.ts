import type { Config } from '../config.js';
import { createEmailSender, type EmailSender } from './email/email-sender.js';
import { createTextSender, type TextSender } from './messaging/text-sender.js';

export interface Channels {
  email: EmailSender;
  text: TextSender;
  /** Closes pooled SMTP connections; call once on shutdown. */
  close(): Promise<void>;
}

/** The outgoing channels for the app context, each real or capturing as configured. */
export function createChannels(config: Pick<Config, 'smtp' | 'twilio'>): Channels {
  const email = createEmailSender(config);
  const text = createTextSender(config);
  return { email, text, close: () => email.close() };
}
