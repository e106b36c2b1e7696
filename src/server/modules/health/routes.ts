import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';

/** Liveness and readiness in one: answers 200 only when the database answers too. */
export const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/healthz', async (request, reply) => {
    try {
      await sql`select 1`.execute(ctx.db);
      return { status: 'ok', database: ctx.engine };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable', database: ctx.engine });
    }
  });
};
