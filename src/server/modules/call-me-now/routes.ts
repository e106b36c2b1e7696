import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CallMeNowResultSchema, CallMeNowSchema } from '../../../shared/call-me-now.js';
import {
  CALL_ME_NOW_ERROR_MESSAGE,
  parseUkCallbackNumber,
} from '../../../shared/call-me-now-rules.js';
import type { AppContext } from '../../context.js';
import { statusOf } from '../../http/error-handler.js';
import { AppError } from '../../lib/errors.js';
import { formatPhoneForDisplay } from '../callback-requests/phone-display.js';
import {
  callbackAlreadyRequestedMessage,
  callbackRequestedMessage,
  tooManyFromVisitorMessage,
  tooManyOverallMessage,
} from './messages.js';
import { requestCallback } from './request-callback.js';

const REQUIRED_MESSAGE = 'Phone number is required';

/**
 * Public: the landing page's Call Me Now form. Every answer is {success, message} and the form
 * shows the message as it is (spec section 2), so errors are mapped here rather than by the
 * app-wide handler, and a 500 never says more than spec section 8's sentence.
 */
export const callMeNowRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(statusOf(error))
        .headers(error.headers)
        .send({ success: false, message: error.message });
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ success: false, message: REQUIRED_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ success: false, message: CALL_ME_NOW_ERROR_MESSAGE });
    }
    request.log.error({ err: error }, 'call me now: request failed');
    return reply.status(500).send({ success: false, message: CALL_ME_NOW_ERROR_MESSAGE });
  });

  app.post(
    '/call-me-now',
    {
      schema: {
        response: {
          200: CallMeNowResultSchema,
          400: CallMeNowResultSchema,
          429: CallMeNowResultSchema,
          500: CallMeNowResultSchema,
        },
      },
    },
    async (request, reply) => {
      // Parsed here, not by a route schema, so a bad number answers in the form's own shape.
      const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
      const parsed = CallMeNowSchema.safeParse(body);
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? REQUIRED_MESSAGE;
        return reply.status(400).send({ success: false, message });
      }
      const phoneInput = parsed.data.phoneNumber;
      const number = parseUkCallbackNumber(phoneInput);
      // The schema has already refused anything this cannot parse.
      if (!number) throw new Error('call me now: schema accepted an unparseable number');

      const outcome = await requestCallback(ctx, { phoneInput, e164: number.e164, ip: request.ip });
      const companyPhone = ctx.config.company.phone;
      switch (outcome.kind) {
        case 'limited':
          return reply.status(429).send({
            success: false,
            message:
              outcome.scope === 'visitor'
                ? tooManyFromVisitorMessage(companyPhone)
                : tooManyOverallMessage(companyPhone),
          });
        case 'already-waiting':
          return {
            success: true,
            message: callbackAlreadyRequestedMessage(formatPhoneForDisplay(number.e164)),
          };
        case 'stored':
          return {
            success: true,
            message: callbackRequestedMessage(formatPhoneForDisplay(number.e164)),
          };
      }
    },
  );
};
