import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';

/** Longer than this and the database counts as not answering. */
const READY_TIMEOUT_MS = 2000;

/**
 * For a load balancer or orchestrator. `/healthz` is liveness: the process answers, and nothing
 * else is asked, so it answers at once even while an upload holds SQLite's write transaction.
 * `/readyz` is readiness: a read of the database, on SQLite through the read-only connection
 * (which never waits for a writer), 503 when it fails or takes too long. While the server shuts
 * down Fastify answers 503 to both, so traffic moves away first.
 */
export const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer in time')), READY_TIMEOUT_MS);
      });
      const read = sql`select 1 from settings limit 1`.execute(ctx.readDb ?? ctx.db);
      await Promise.race([read, timeout]);
      return { status: 'ok', database: ctx.engine };
    } catch (error) {
      request.log.error({ err: error }, 'readiness check: database unreachable');
      return reply.status(503).send({ status: 'unavailable', database: ctx.engine });
    } finally {
      clearTimeout(timer);
    }
  });
};
