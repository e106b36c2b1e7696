import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isKnownPagePath } from '../../shared/page-routes.js';
import { listQueryOfSearch, paymentLinksUrl } from '../../shared/payment-links.js';
import type { PublicConfig } from '../../shared/public-config.js';
import { injectPublicConfig } from '../modules/system/public-config.js';
import { type PageRenderer, pageSender, type SendRenderedPage } from './render-page.js';

const AUTH_STATUS_URL = '/api/auth/status';

/** Both src/server/http and dist/server/http sit three levels below the project root. */
export const defaultClientDir = path.resolve(import.meta.dirname, '../../../dist/client');

/** Link pages carry a secret in their path: keep it out of referrers, caches and indexes. */
export function isPaymentLinkPage(url: string): boolean {
  return url.startsWith('/payment/') || url.startsWith('/payment-success');
}

/** The headers of a leaseholder's link page (ARCHITECTURE section 7). */
export function setLinkPageHeaders(reply: FastifyReply): void {
  reply.header('Referrer-Policy', 'no-referrer');
  reply.header('X-Robots-Tag', 'noindex, nofollow');
  reply.header('Cache-Control', 'no-store');
}

/** Answers a page address with index.html as that part of the app needs it. */
export type SendPage = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

export interface StaticClient {
  /** The browser-rendered page (staff pages, the not-found page) for any page address. */
  sendPage: SendPage;
  /** Server-rendered public pages; null until the client is built (with its server entry). */
  sendRendered: SendRenderedPage | null;
}

/**
 * Serves the built client: hashed assets cached for a year and sent compressed where the browser
 * accepts it, index.html for every other page path (the SPA fallback: 200 for the router's
 * pages, 404 for any other address), JSON 404s under /api. Answers how it sends a page, for the
 * addresses the router refuses (framework-errors.ts), and how it sends a server-rendered one
 * (the public pages, modules/public-pages).
 */
export async function registerStaticClient(
  app: FastifyInstance,
  options: {
    clientDir: string;
    publicConfig: PublicConfig;
    /** The staff session cookie's name: Payment Status fetches its list early only with one. */
    sessionCookie: string;
    /** React's server rendering of the public pages (the client's built server entry). */
    renderer: PageRenderer | null;
  },
): Promise<StaticClient> {
  const indexFile = path.join(options.clientDir, 'index.html');
  const hasClient = existsSync(indexFile);
  const indexHtml = hasClient
    ? injectPublicConfig(readFileSync(indexFile, 'utf8'), options.publicConfig)
    : undefined;
  const pages = indexHtml ? pageVariants(indexHtml, options.clientDir) : undefined;

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      index: false,
      // One route per built file, listed at start-up (the build is done before the server
      // starts): a wildcard route would look every page address and unknown API path up on disk
      // before the not-found handler answered it.
      wildcard: false,
      // The build writes each text file's Brotli and gzip forms beside it
      // (src/build/precompress.ts): the browser gets the one it accepts.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'Cache-Control',
          isHashed ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const sendIndex: SendPage = (request, reply) => {
    const url = request.url;
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web client has not been built. Run `npm run build` or `npm start`.');
    }
    const queryAt = url.indexOf('?');
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    if (isPaymentLinkPage(url)) setLinkPageHeaders(reply);
    else reply.header('Cache-Control', 'no-cache');
    // Unknown addresses get the not-found page with a real 404, for monitors and search engines.
    if (!isKnownPagePath(pathname)) reply.status(404);
    const page = isPaymentLinkPage(url) ? pages?.payment : pages?.admin;
    const html = page
      ? withDataPreload(page, pathname, queryAt === -1 ? '' : url.slice(queryAt + 1), () =>
          Boolean(request.headers.cookie?.includes(`${options.sessionCookie}=`)),
        )
      : indexHtml;
    return reply.type('text/html; charset=utf-8').send(html);
  };

  app.setNotFoundHandler((request, reply) => {
    if (isPageRequest(request)) return sendIndex(request, reply);
    return reply.status(404).send({ message: 'Not found' });
  });
  const sendRendered =
    indexHtml && options.renderer
      ? pageSender(
          options.renderer,
          {
            landing: withInlineStyles(pages?.landing ?? indexHtml, options.clientDir),
            payment: withInlineStyles(pages?.payment ?? indexHtml, options.clientDir),
          },
          options.publicConfig,
        )
      : null;
  return { sendPage: sendIndex, sendRendered };
}

/** A request the SPA answers: any GET of an address that is not an API call or a built file. */
export function isPageRequest(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.url.startsWith('/api/') &&
    !request.url.startsWith('/assets/')
  );
}

/**
 * The page, also asking the browser for the API answer it shows first where the address says
 * which: Payment Status's list for a signed-in browser. (The public pages arrive rendered with
 * their data: entry-server.tsx.)
 */
function withDataPreload(
  page: string,
  pathname: string,
  search: string,
  hasSessionCookie: () => boolean,
): string {
  if (pathname === '/payments' && hasSessionCookie()) return withListPreload(page, search);
  return page;
}

/**
 * Payment Status asks the browser to fetch the list its address shows with the page, as it does
 * the sign-in status: the page's own request otherwise starts only once the admin code has
 * loaded and run (most of a second on the build machine). The URL is the one the page asks for
 * (shared/payment-links.ts), so the browser answers the page's fetch with this one. Only for a
 * browser with a session cookie: for anyone else the list would be a 401 the page never asks for.
 */
function withListPreload(page: string, search: string): string {
  return withHeadLinks(page, fetchPreload(paymentLinksUrl(listQueryOfSearch(search))));
}

/**
 * A preload of an API answer the staff page will fetch, with its credentials mode (`include`),
 * so the browser answers that fetch with it.
 */
function fetchPreload(url: string): string {
  const href = url.replaceAll('&', '&amp;');
  return `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`;
}

/**
 * The page with its stylesheet written into it. A server-rendered page is drawn as soon as its
 * styles are there; fetched as a file, they share a slow phone connection with the scripts, and
 * the first script to arrive runs before the page is drawn, which held the balance back by most
 * of a second on a throttled phone (bench/phone-load.mjs, docs/decisions/0010). The CSP allows
 * inline styles already.
 */
function withInlineStyles(html: string, clientDir: string): string {
  return html.replace(
    /<link rel="stylesheet" crossorigin href="\/assets\/([\w.-]+\.css)">/g,
    (link, name: string) => {
      const file = path.join(clientDir, 'assets', name);
      if (!existsSync(file)) return link;
      const css = readFileSync(file, 'utf8');
      return css.includes('</style') ? link : `<style>${css}</style>`;
    },
  );
}

function withHeadLinks(html: string, links: string): string {
  return html.replace('</head>', `    ${links}\n  </head>`);
}

/**
 * index.html as each part of the app needs it: the page also asks the browser to fetch the
 * part's lazily loaded chunk (router.tsx) at once, beside the main script, rather than only once
 * that script has run and the router has picked the route: one round of fetching and compiling
 * less before a leaseholder's phone or Payment Status shows anything.
 */
function pageVariants(indexHtml: string, clientDir: string) {
  const assets = existsSync(path.join(clientDir, 'assets'))
    ? readdirSync(path.join(clientDir, 'assets'))
    : [];
  const withPreload = (prefix: string, extra = '') => {
    const chunk = assets.find((name) => name.startsWith(prefix) && name.endsWith('.js'));
    if (!chunk) return indexHtml;
    // The chunk and the shared chunks it imports (Vite writes them as `from"./name.js"`), less
    // the main script, which the page loads anyway.
    const code = readFileSync(path.join(clientDir, 'assets', chunk), 'utf8');
    const imported = [...code.matchAll(/from\s*"\.\/([\w.-]+\.js)"/g)].map((m) => m[1]);
    const links = [chunk, ...new Set(imported)]
      .filter((name) => !indexHtml.includes(`/assets/${name}`))
      .map((name) => `<link rel="modulepreload" crossorigin href="/assets/${name}">`);
    return withHeadLinks(indexHtml, `${links.join('')}${extra}`);
  };
  // Every admin page first asks who is signed in (the spinner of spec section 2): start that
  // request with the page too.
  const authStatus = fetchPreload(AUTH_STATUS_URL);
  return {
    admin: withPreload('admin-area-', authStatus),
    landing: withPreload('landing-'),
    payment: withPreload('payment-routes-'),
  };
}
