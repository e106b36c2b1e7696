import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';

// STUB: replaced by the auth implementation.
export const authRoutes: FastifyPluginAsyncZod<AppContext> = async () => {};
