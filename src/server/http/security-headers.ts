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
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { isProduction: boolean },
): Promise<void> {
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
  const pageHeaders = headersSetBy(setHeaders);
  const apiHeaders = apiHeadersWith(pageHeaders['Strict-Transport-Security']);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : pageHeaders);
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
