import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Config } from '../../config.js';
import { isSafeEqual } from './safe-equal.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CROSS_SITE_MESSAGE = 'Cross-site request refused.';

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const origin = new URL(value).origin;
    // Opaque origins (sandboxed frames, file:) serialise as "null" and match nothing.
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

function pathOf(request: FastifyRequest): string {
  // The matched route, not the raw URL, decides: `/api/webhooks/../x` must not borrow the exemption.
  return request.routeOptions.url ?? request.url.split('?')[0] ?? request.url;
}

function needsCheck(request: FastifyRequest): boolean {
  // The method first: `routeOptions` builds an object on each read, too dear for every GET.
  if (!STATE_CHANGING.has(request.method)) return false;
  const path = pathOf(request);
  return (
    path.startsWith('/api/') &&
    // Webhooks come from Stripe and Twilio, cross-site by nature, and are verified by signature.
    !path.startsWith('/api/webhooks/')
  );
}

/**
 * State-changing API calls must come from our own pages (ARCHITECTURE section 7): the Origin
 * header (or, when a browser sends none, the Referer) must be this site, or the caller must echo
 * the session's CSRF token in `x-csrf-token`, which another site cannot read.
 */
export function isSameOriginRequest(request: FastifyRequest, config: Config): boolean {
  // The Host the browser sent to is allowed too, so the portal also works on an address other
  // than PUBLIC_BASE_URL (a LAN name, a port mapping) without weakening the check.
  const host = request.headers.host;
  const allowed = new Set(
    [
      originOf(config.publicBaseUrl),
      host ? originOf(`${request.protocol}://${host}`) : null,
    ].filter((origin): origin is string => origin !== null),
  );
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const requestOrigin = originOf(origin);
    if (requestOrigin !== null && allowed.has(requestOrigin)) return true;
  } else {
    const refererOrigin = originOf(request.headers.referer);
    if (refererOrigin !== null && allowed.has(refererOrigin)) return true;
  }
  const sent = request.headers['x-csrf-token'];
  const expected = request.adminSession?.csrfToken;
  return typeof sent === 'string' && expected !== undefined && isSafeEqual(sent, expected);
}

/**
 * Adds the check to each state-changing route of `scope` as that route's first onRequest hook, so
 * a GET runs no hook for it at all: the public link page's read is the hottest call there is.
 * For a scope with no hooks of its own (app.ts's public scope); the staff scope adds the check as
 * a scope hook, so that it runs before the admin guard.
 */
export function checkSameOriginOfStateChangingRoutes(scope: FastifyInstance, config: Config): void {
  const check = checkSameOrigin(config);
  scope.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => STATE_CHANGING.has(method))) return;
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [check, ...own];
  });
}

/**
 * The check as an onRequest hook. Not async: it runs on every staff call, and a promise per
 * request is measurable on a hot path.
 */
export function checkSameOrigin(config: Config): onRequestHookHandler {
  return (request, reply, done) => {
    if (!needsCheck(request) || isSameOriginRequest(request, config)) {
      done();
      return;
    }
    request.log.warn({ url: request.routeOptions.url }, 'cross-site request refused');
    reply.status(403).send({ message: CROSS_SITE_MESSAGE });
  };
}
