import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CALLBACK_REQUEST_NOT_FOUND_MESSAGE,
  CallbackRequestIdParamsSchema,
  CallbackRequestListQuerySchema,
  CallbackRequestListSchema,
  MarkCallbackHandledResultSchema,
} from '../../../shared/callback-requests.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { listCallbackRequests } from './list-callback-requests.js';
import { markCallbackHandled } from './mark-callback-handled.js';

/** Admin-only (registered inside the admin scope): the staff list of Call Me Now requests. */
export const callbackRequestRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/callback-requests',
    {
      schema: {
        querystring: CallbackRequestListQuerySchema,
        response: { 200: CallbackRequestListSchema },
      },
    },
    async (request) => listCallbackRequests(ctx, request.query.status),
  );

  app.post(
    '/callback-requests/:id/handled',
    {
      schema: {
        params: CallbackRequestIdParamsSchema,
        response: { 200: MarkCallbackHandledResultSchema },
      },
    },
    async (request) => {
      const item = await markCallbackHandled(ctx, request.params.id);
      if (!item) throw new AppError('NOT_FOUND', CALLBACK_REQUEST_NOT_FOUND_MESSAGE);
      return item;
    },
  );
};
