import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';

// STUB: replaced by the call-me-now implementation.
export const callMeNowRoutes: FastifyPluginAsyncZod<AppContext> = async () => {};
