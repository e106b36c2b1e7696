import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/with-transaction.js';
import { keywordOf, recordReply, startTexts, stopTexts } from '../messages/text-opt-outs.js';

/** What Twilio's incoming-message webhook carries that we use (all form fields are strings). */
export const IncomingMessageSchema = z.object({
  /** E.164, or 'whatsapp:' and E.164 for a WhatsApp message. */
  From: z.string(),
  Body: z.string().default(''),
  NumMedia: z.string().optional(),
  /** Advanced Opt-Out's reading of the reply: STOP, START or HELP. */
  OptOutType: z.string().optional(),
});
export type IncomingMessage = z.infer<typeof IncomingMessageSchema>;

const E164 = /^\+[1-9]\d{6,14}$/;

/** TwiML: reply with nothing (Twilio confirms a text's STOP and START itself). */
const NO_REPLY = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** WhatsApp has no confirmation of its own, so the leaseholder is told it worked. */
function whatsAppReply(text: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${text}</Message></Response>`;
}

const STOPPED_REPLY =
  'You will get no more WhatsApp messages or texts from us about your payments. Reply START to get them again.';
const STARTED_REPLY = 'You will get WhatsApp messages and texts from us about your payments again.';

/**
 * A leaseholder's reply: STOP or START changes whether their number is messaged; anything else
 * goes on the history of each account messaged on that number, or, from a number on no account,
 * on the dashboard for staff to place.
 */
export function applyIncomingMessage(
  ctx: AppContext,
  message: IncomingMessage,
): Promise<{
  outcome: 'stopped' | 'started' | 'kept' | 'unmatched' | 'not a number';
  twiml: string;
}> {
  const channel = message.From.startsWith('whatsapp:') ? 'whatsapp' : 'sms';
  const phone = message.From.replace(/^whatsapp:/, '');
  const answer = (text: string) => (channel === 'whatsapp' ? whatsAppReply(text) : NO_REPLY);
  return withTransaction(ctx, async (tx) => {
    if (!E164.test(phone)) return { outcome: 'not a number', twiml: NO_REPLY };
    const keyword = keywordOf(message.Body, message.OptOutType);
    if (keyword === 'stop') {
      await stopTexts(tx, phone, 'reply', channel);
      return { outcome: 'stopped', twiml: answer(STOPPED_REPLY) };
    }
    // "Yes" from a number that never stopped is an ordinary reply.
    if (keyword === 'start' && (await startTexts(tx, phone))) {
      return { outcome: 'started', twiml: answer(STARTED_REPLY) };
    }
    const hasMedia = Number(message.NumMedia ?? 0) > 0;
    const body =
      message.Body.trim() ||
      (hasMedia ? '(A photo or file, without text: see it in Twilio)' : '(An empty message)');
    return { outcome: await recordReply(tx, { phone, channel, body }), twiml: NO_REPLY };
  });
}
