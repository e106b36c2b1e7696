import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';

// STUB: replaced by the callback-requests implementation.
export const callbackRequestRoutes: FastifyPluginAsyncZod<AppContext> = async () => {};
