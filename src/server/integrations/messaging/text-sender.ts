import type { TemplatedKind } from '../../../shared/messages.js';
import type { Config } from '../../config.js';
import { createTwilioTextSender } from './twilio-text-sender.js';

export type TextChannel = 'whatsapp' | 'sms';

export interface TextMessage {
  channel: TextChannel;
  /** E.164, e.g. +447700900123 (no 'whatsapp:' prefix: the sender adds it). */
  to: string;
  body: string;
  /**
   * WhatsApp: which message this is and the values it was rendered with, so an approved template
   * configured for its kind (TWILIO_WHATSAPP_TEMPLATE_*) is sent in place of the text.
   */
  template?: { kind: TemplatedKind; values: Record<string, unknown> };
  /** Where Twilio posts delivery statuses for this message (our signed callback endpoint). */
  statusCallbackUrl?: string;
}

export interface TextSendResult {
  status: 'queued' | 'sent' | 'captured';
  /** Twilio's message SID (SM…); null when nothing was sent. */
  providerId: string | null;
  /** The approved template's SID, when one was sent in place of the text. */
  templateSid?: string;
}

export interface TextSender {
  mode: 'twilio' | 'capture';
  /** Resolves once Twilio accepted the message; throws a ChannelError otherwise. */
  send(message: TextMessage): Promise<TextSendResult>;
}

/**
 * WhatsApp and SMS: Twilio when TWILIO_ACCOUNT_SID is configured, otherwise capture mode
 * (ARCHITECTURE section 6): the caller stores the rendered message and nothing leaves the machine.
 */
export function createTextSender(config: Pick<Config, 'twilio'>): TextSender {
  if (config.twilio) return createTwilioTextSender(config.twilio);
  return {
    mode: 'capture',
    send: async () => ({ status: 'captured', providerId: null }),
  };
}
