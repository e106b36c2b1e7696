import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { checkSameOrigin } from './check-same-origin.js';
import type { AdminSession } from './create-session.js';
import { findSession } from './find-session.js';
import { readSessionToken } from './session-cookie.js';
import { loadSessionSecret } from './session-secret.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin's session, or null. Looked up for /api requests only. */
    adminSession: AdminSession | null;
  }
}

/**
 * Adds the session lookup and the cross-site check to the staff scope (app.ts) before any of its
 * routes, so they run before every route's own hooks, including the admin guard (requireAdmin).
 * Pages, static files and the public calls are outside that scope: a page load should not cost
 * a database query per asset.
 */
export async function registerSessions(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const secret = await loadSessionSecret(ctx);
  app.decorateRequest('adminSession', null);

  app.addHook('onRequest', async (request) => {
    request.adminSession = null;
    const token = readSessionToken(request, ctx.config);
    if (token) request.adminSession = await findSession(ctx, secret, token);
  });

  app.addHook('onRequest', checkSameOrigin(ctx.config));
}
