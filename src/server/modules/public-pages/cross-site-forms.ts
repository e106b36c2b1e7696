import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { isSameOriginRequest } from '../auth/check-same-origin.js';

/**
 * Whether a form post plainly came from another site. A page sent with `Referrer-Policy:
 * no-referrer` (the link pages) makes the browser send `Origin: null` with its own form posts,
 * so the Fetch Metadata header decides where the browser sends one; an Origin that names a
 * site must be ours. An old browser that sends neither is let through: these forms carry no
 * credentials, and the API behind them limits by address.
 */
export function isCrossSiteFormPost(request: FastifyRequest, config: Config): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (origin === undefined || origin === 'null') return false;
  return !isSameOriginRequest(request, config);
}
