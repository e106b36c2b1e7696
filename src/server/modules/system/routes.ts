import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProviderModesSchema } from '../../../shared/system.js';
import type { AppContext } from '../../context.js';
import { providerModes } from './provider-modes.js';

/** Admin-only: which providers are real, for the demo-mode banner. */
export const systemAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/system/modes', { schema: { response: { 200: ProviderModesSchema } } }, async () =>
    providerModes(ctx.config),
  );
};
