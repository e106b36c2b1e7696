import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../../context.js';
import { isSafeEqual } from '../auth/safe-equal.js';
import { registerDatabaseMetrics } from './database-metrics.js';

const NOT_FOUND = { message: 'Not found' };

/**
 * `GET /metrics` in Prometheus's text format, for a token rather than a staff session (a
 * scraper has no session): `Authorization: Bearer METRICS_TOKEN`, compared in constant time.
 * Without METRICS_TOKEN the route answers 404 and nothing is measured. Called on the root
 * instance before the routes, so its hook times every request. Each process has its own
 * registry: HTTP figures are per process, database figures global (database-metrics.ts).
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext): void {
  const token = ctx.config.metricsToken;
  if (!token) {
    app.get('/metrics', async (_request, reply) => reply.status(404).send(NOT_FOUND));
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerDatabaseMetrics(registry, ctx);
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status: durations, and in _count how many.',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (/api/payment-link/:id), never the address: link ids are secrets.
    // Pages and unknown addresses have no route and share one label.
    const route = request.routeOptions.url ?? '(no route)';
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!isSafeEqual(given, token)) {
      return reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer realm="metrics"')
        .send({ message: 'A valid metrics token is required.' });
    }
    const text = await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
}
