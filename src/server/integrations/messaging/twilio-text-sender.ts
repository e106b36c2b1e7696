import twilio from 'twilio';
import type { Config } from '../../config.js';
import { ChannelError } from '../channel-error.js';
import type { TextMessage, TextSender } from './text-sender.js';
import { toChannelError } from './twilio-error.js';
import { RebasedRequestClient } from './twilio-http-client.js';
import { isTerminalDeliveryStatus, mapTwilioStatus } from './twilio-status.js';

type TwilioSettings = NonNullable<Config['twilio']>;

const E164 = /^\+[1-9]\d{6,14}$/;
const REQUEST_TIMEOUT_MS = 15_000;

function notConfigured(what: string): ChannelError {
  return new ChannelError(`${what} is not configured`, {
    isPermanent: true,
    code: 'not_configured',
  });
}

/** Twilio's Messages API through the official SDK (`twilio(accountSid, authToken)`). */
export function createTwilioTextSender(settings: TwilioSettings): TextSender {
  const clientOptions = { timeout: REQUEST_TIMEOUT_MS, autoRetry: false };
  const client = twilio(settings.accountSid, settings.authToken, {
    ...clientOptions,
    httpClient: settings.apiBaseUrl
      ? new RebasedRequestClient(settings.apiBaseUrl, clientOptions)
      : undefined,
  });

  /** From (or messaging service) for the channel: WhatsApp senders carry the 'whatsapp:' prefix. */
  const senderFor = (channel: TextMessage['channel']) => {
    if (channel === 'whatsapp') {
      if (!settings.whatsappFrom) throw notConfigured('A WhatsApp sender (TWILIO_WHATSAPP_FROM)');
      return { from: `whatsapp:${settings.whatsappFrom.replace(/^whatsapp:/, '')}` };
    }
    if (settings.smsFrom) return { from: settings.smsFrom };
    if (settings.messagingServiceSid) return { messagingServiceSid: settings.messagingServiceSid };
    throw notConfigured('An SMS sender (TWILIO_SMS_FROM or TWILIO_MESSAGING_SERVICE_SID)');
  };

  /** An approved template for the message's kind, filled with its values; else its text. */
  const contentFor = (message: TextMessage) => {
    const template =
      message.channel === 'whatsapp' && message.template
        ? settings.whatsappTemplates[message.template.kind]
        : undefined;
    if (!template || !message.template) return { body: message.body };
    const { values } = message.template;
    const variables = template.variables.map((name, index) => [
      String(index + 1),
      String(values[name] ?? ''),
    ]);
    return {
      contentSid: template.sid,
      contentVariables: JSON.stringify(Object.fromEntries(variables)),
    };
  };

  return {
    mode: 'twilio',
    async send(message) {
      if (!E164.test(message.to)) {
        throw new ChannelError('The phone number is not in international format', {
          isPermanent: true,
          code: 'invalid_number',
        });
      }
      const sender = senderFor(message.channel);
      const content = contentFor(message);
      let created: Awaited<ReturnType<typeof client.messages.create>>;
      try {
        created = await client.messages.create({
          ...sender,
          to: message.channel === 'whatsapp' ? `whatsapp:${message.to}` : message.to,
          ...content,
          statusCallback: message.statusCallbackUrl,
        });
      } catch (error) {
        throw toChannelError(error);
      }
      const status = mapTwilioStatus(created.status) ?? 'queued';
      if (isTerminalDeliveryStatus(status)) {
        throw new ChannelError(created.errorMessage || `Twilio reported the message ${status}`, {
          isPermanent: true,
          code: created.errorCode ? String(created.errorCode) : undefined,
        });
      }
      return {
        status: status === 'queued' ? 'queued' : 'sent',
        providerId: created.sid,
        ...('contentSid' in content ? { templateSid: content.contentSid } : {}),
      };
    },
  };
}
