import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TemplatesRecordSchema, TemplatesSchema } from '../../../shared/templates.js';
import type { AppContext } from '../../context.js';
import { getTemplates } from './get-templates.js';
import { updateTemplates } from './update-templates.js';

/**
 * Admin-only (registered inside the admin scope): the Template Manager's read and save. A bad
 * save answers 400 through the global error handler with each field's message (spec section 5).
 */
export const templateRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/templates', { schema: { response: { 200: TemplatesRecordSchema } } }, async () =>
    getTemplates(ctx),
  );

  app.put(
    '/templates',
    { schema: { body: TemplatesSchema, response: { 200: TemplatesRecordSchema } } },
    async (request) => updateTemplates(ctx, request.body),
  );
};
