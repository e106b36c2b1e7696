import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { verifyTwilioSignature } from '../../integrations/messaging/twilio-signature.js';
import { applyIncomingMessage, IncomingMessageSchema } from './apply-incoming-message.js';
import { applyTwilioStatus } from './apply-twilio-status.js';

export const INVALID_SIGNATURE_MESSAGE = 'Invalid webhook signature.';

/** What a Twilio message status callback carries that we use (all form fields are strings). */
const StatusCallbackSchema = z.object({
  MessageSid: z.string().min(1),
  MessageStatus: z.string().min(1),
  ErrorCode: z.string().optional(),
});

/**
 * Twilio's webhooks, outside the admin scope (the callers are Twilio's servers, not staff) and
 * exempt from the same-origin check: each one is verified by its signature instead. Registered
 * with the prefix /api/webhooks; this plugin's form parser applies to these routes only.
 */
export const webhookRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // Twilio posts application/x-www-form-urlencoded; the signature covers these exact fields.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  /** Whether Twilio sent this request: its signature over our public URL and the fields. */
  function isFromTwilio(request: FastifyRequest, params: Record<string, string>): boolean {
    const authToken = ctx.config.twilio?.authToken;
    const signature = request.headers['x-twilio-signature'];
    // The URL as Twilio called it: our public address, not the one behind a proxy
    // (https://www.twilio.com/docs/usage/webhooks/webhooks-security).
    const isGenuine =
      authToken !== undefined &&
      verifyTwilioSignature({
        authToken,
        url: `${ctx.config.publicBaseUrl}${request.url}`,
        params,
        signature: typeof signature === 'string' ? signature : undefined,
      });
    if (!isGenuine) request.log.warn('Twilio webhook with an invalid signature refused');
    return isGenuine;
  }

  app.post(
    '/twilio/status',
    { schema: { body: z.record(z.string(), z.string()) } },
    async (request, reply) => {
      if (!isFromTwilio(request, request.body)) {
        return reply.status(403).send({ message: INVALID_SIGNATURE_MESSAGE });
      }
      const callback = StatusCallbackSchema.parse(request.body);
      await applyTwilioStatus(ctx, {
        messageSid: callback.MessageSid,
        status: callback.MessageStatus,
        ...(callback.ErrorCode ? { errorCode: callback.ErrorCode } : {}),
      });
      // Twilio only needs a 2xx; an unknown SID is answered the same (nothing to retry).
      return reply.status(200).send();
    },
  );

  // A leaseholder's reply to our WhatsApp or text: set as the number's (or WhatsApp sender's)
  // incoming-message webhook in Twilio's console.
  app.post(
    '/twilio/incoming',
    { schema: { body: z.record(z.string(), z.string()) } },
    async (request, reply) => {
      if (!isFromTwilio(request, request.body)) {
        return reply.status(403).send({ message: INVALID_SIGNATURE_MESSAGE });
      }
      const answer = await applyIncomingMessage(ctx, IncomingMessageSchema.parse(request.body));
      request.log.info({ outcome: answer.outcome }, 'Twilio incoming message');
      return reply.status(200).type('text/xml').send(answer.twiml);
    },
  );
};
