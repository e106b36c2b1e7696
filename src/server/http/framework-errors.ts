import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { PAYMENT_LINK_NOT_AVAILABLE_MESSAGE } from '../../shared/payment-page.js';
import { type SecurityHeaders, securityHeadersFor } from './security-headers.js';
import { isPageRequest, type SendPage } from './static-client.js';

const INVALID_ADDRESS_MESSAGE = 'This address is not valid.';

/**
 * Addresses Fastify's router refuses before any hook or route runs: a malformed %-escape
 * (`/payment/abc%2`, FST_ERR_BAD_URL) and a path parameter longer than the router allows
 * (FST_ERR_MAX_PARAM_LENGTH). Left to Fastify, each got a bare JSON error that echoed the
 * address back, without the security headers, in place of a page.
 *
 * - A page address gets its page, as any other unknown page address does: a payment page then
 *   takes the mangled id as it stands, as the page's router does, and says the link is not
 *   available.
 * - The leaseholder's link calls give the one not-available answer an unknown link gets
 *   (ARCHITECTURE section 7). No link id has a malformed escape or is that long, so nothing is
 *   looked up and no miss is counted: such an address can find nothing.
 * - Any other address gets a plain 400.
 *
 * `sendPage` is late-bound: the pages are registered after the server is made.
 */
export function frameworkErrorHandler(
  headers: SecurityHeaders,
  sendPage: () => SendPage | undefined,
  /** The rest of an unknown link's 404 body (get-public-payment-link.ts notAvailable). */
  unavailable: Record<string, unknown>,
): NonNullable<FastifyServerOptions['frameworkErrors']> {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    reply.headers(securityHeadersFor(headers, url));
    const send = sendPage();
    if (send && isPageRequest(request)) return send(request, reply);
    if (url.startsWith('/api/payment-link/')) {
      return reply
        .status(404)
        .send({ ...unavailable, message: PAYMENT_LINK_NOT_AVAILABLE_MESSAGE });
    }
    request.log.info({ code: error.code }, 'address refused by the router');
    return reply.status(400).send({ message: INVALID_ADDRESS_MESSAGE });
  };
}
