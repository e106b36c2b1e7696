import type { Config } from '../../config.js';
import { createSmtpEmailSender } from './smtp-email-sender.js';

export interface EmailMessage {
  to: string;
  /** Joint leaseholders' other addresses, each a single mailbox like `to`. */
  cc?: readonly string[];
  subject: string;
  html: string;
  text: string;
  /**
   * Our own stable id for this message (e.g. the messages row id). It becomes the Message-ID
   * header, so a retried send carries the same Message-ID and receivers can spot the repeat.
   */
  messageId?: string;
}

export interface EmailSendResult {
  status: 'sent' | 'captured';
  /** The Message-ID the SMTP server accepted; null when nothing was sent. */
  providerId: string | null;
}

export interface EmailSender {
  mode: 'smtp' | 'capture';
  /** Resolves once the SMTP server accepted the message; throws a ChannelError otherwise. */
  send(message: EmailMessage): Promise<EmailSendResult>;
  close(): Promise<void>;
}

/**
 * The email channel: real SMTP when SMTP_HOST is configured, otherwise capture mode
 * (ARCHITECTURE section 6): the caller stores the rendered message and nothing leaves the machine.
 */
export function createEmailSender(config: Pick<Config, 'smtp'>): EmailSender {
  if (config.smtp) return createSmtpEmailSender(config.smtp);
  return {
    mode: 'capture',
    send: async () => ({ status: 'captured', providerId: null }),
    close: async () => {},
  };
}
