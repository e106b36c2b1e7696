import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

// STUB: replaced by the auth implementation.
export async function registerSessions(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
