import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers (ARCHITECTURE section 7), in two sets chosen by path:
 *
 * - Pages and files: helmet's, with a CSP the built client passes: scripts only from our own
 *   origin, no inline scripts. Inline *styles* stay allowed because the toast library and Radix
 *   positioning set style attributes at run time.
 * - Answers under /api: the headers that matter for a response that is not a document (OWASP's
 *   REST security cheat sheet): a CSP that allows nothing and no framing, nosniff, same-origin
 *   resources only, and, since every answer there is someone's data, never cached, never sent on
 *   as a referrer, never indexed. The rest of helmet's set (cross-origin opener policy, DNS
 *   prefetch, download options and the like) only means something to a document, and copying
 *   sixteen headers onto each answer cost the public link read a tenth of its time.
 *
 * With these options every header is the same on every response, so helmet runs once at
 * start-up and each request only copies one set. (@fastify/helmet builds the middleware again on
 * every request, and even running it once per request cost the public link read a quarter of
 * its time.)
 */
export interface SecurityHeaders {
  /** For pages and files. */
  page: Record<string, string>;
  /** For every answer under /api. */
  api: Record<string, string>;
}

export function securityHeadersOf(options: { isProduction: boolean }): SecurityHeaders {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        ...(options.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.isProduction
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  const page = headersSetBy(setHeaders);
  return { page, api: apiHeadersWith(page['Strict-Transport-Security']) };
}

/** The set for a request's address. */
export function securityHeadersFor(headers: SecurityHeaders, url: string): Record<string, string> {
  return url.startsWith('/api/') ? headers.api : headers.page;
}

/** Every response a route or the not-found handler makes gets its set. */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeadersFor(headers, request.url));
    done();
  });
}

function apiHeadersWith(strictTransportSecurity: string | undefined): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    'x-robots-tag': 'noindex, nofollow',
    ...(strictTransportSecurity ? { 'strict-transport-security': strictTransportSecurity } : {}),
  };
}

/** The headers a middleware sets on a response, captured from one run against a stand-in. */
function headersSetBy(
  middleware: (request: IncomingMessage, response: ServerResponse, next: () => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  let isDone = false;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => {
    isDone = true;
  });
  if (!isDone || Object.keys(headers).length === 0) {
    throw new Error('helmet did not set its headers synchronously');
  }
  return headers;
}
