import type { FastifyReply, FastifyRequest } from 'fastify';
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
  const path = pathOf(request);
  return (
    STATE_CHANGING.has(request.method) &&
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

/** onRequest hook on the root instance: runs before any route's own hooks. */
export function checkSameOrigin(config: Config) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!needsCheck(request) || isSameOriginRequest(request, config)) return;
    request.log.warn({ url: request.routeOptions.url }, 'cross-site request refused');
    return reply.status(403).send({ message: CROSS_SITE_MESSAGE });
  };
}
