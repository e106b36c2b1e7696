import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProviderModesSchema } from '../../../shared/system.js';
import type { AppContext } from '../../context.js';
import { providerModes } from './provider-modes.js';
import { systemStatusRoutes } from './status-routes.js';

/** Admin-only: which providers are real (the demo-mode banner), and the System page's calls. */
export const systemAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/system/modes', { schema: { response: { 200: ProviderModesSchema } } }, async () =>
    providerModes(ctx.config),
  );
  await app.register(systemStatusRoutes, ctx);
};
