import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MessageLogItemSchema,
  MessageLogPageSchema,
  MessageLogQuerySchema,
} from '../../../shared/messages.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { getMessage } from './get-message.js';
import { listMessages } from './list-messages.js';

export const MESSAGE_NOT_FOUND_MESSAGE = 'Message not found.';

/** Admin-only (registered inside the admin scope): the Message Log. */
export const messageRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/messages',
    { schema: { querystring: MessageLogQuerySchema, response: { 200: MessageLogPageSchema } } },
    async (request) => listMessages(ctx, request.query),
  );

  app.get(
    '/messages/:id',
    {
      schema: {
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: MessageLogItemSchema },
      },
    },
    async (request) => {
      const item = await getMessage(ctx, request.params.id);
      if (!item) throw new AppError('NOT_FOUND', MESSAGE_NOT_FOUND_MESSAGE);
      return item;
    },
  );
};
