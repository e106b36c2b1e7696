import { existsSync } from 'node:fs';
import path from 'node:path';
import { Transform, type Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyReply } from 'fastify';
import { PAGE_DATA_ELEMENT_ID, type PageData, serializePageData } from '../../shared/page-data.js';
import type { PublicConfig } from '../../shared/public-config.js';

/**
 * What the client's server entry (src/client/entry-server.tsx, built by `vite build --ssr` into
 * dist/ssr) exports. Declared here rather than imported: the server is compiled on its own and
 * loads the built entry at start-up.
 */
export interface PageRenderer {
  renderPage(input: {
    url: string;
    data: PageData;
    config: PublicConfig;
  }): Promise<{ pipe(destination: Writable): void; abort(): void }>;
}

/** Where the server entry lands beside the client build (package.json's build:ssr). */
export function defaultRendererPath(clientDir: string): string {
  return path.join(clientDir, '..', 'ssr', 'entry-server.js');
}

/** The built server entry, or null when the client has not been built with it. */
export async function loadPageRenderer(file: string): Promise<PageRenderer | null> {
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}

/** The marker in index.html's root element where the rendered page goes. */
const OUTLET = '<!--app-html-->';
/** Where the data block goes: before the moved scripts, or else before the end of the body. */
const SCRIPTS_START = /<script type="module"|<link rel="modulepreload"|<\/body>/;

/** Sends a public page rendered by React on the server, streamed into index.html's root. */
export type SendRenderedPage = (
  reply: FastifyReply,
  page: { url: string; data: PageData; status?: number; title?: string },
) => Promise<FastifyReply>;

/**
 * index.html (with the public settings already in it) around React's stream of the page, and
 * the page's data after it as a JSON script element: a data block the browser never executes,
 * so the CSP needs no inline-script exception.
 */
export function pageSender(
  renderer: PageRenderer,
  templates: { landing: string; payment: string },
  config: PublicConfig,
): SendRenderedPage {
  const landing = splitTemplate(templates.landing);
  const payment = splitTemplate(templates.payment);
  return async (reply, { url, data, status = 200, title }) => {
    const rendered = await renderer.renderPage({ url, data, config });
    const { head, tail } = data.page === 'landing' ? landing : payment;
    const dataTag = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${serializePageData(data)}</script>`;
    const start = title ? withTitle(head, title) : head;
    // The data first, then the scripts that read it.
    const end = tail.replace(SCRIPTS_START, (first) => `${dataTag}${first}`);
    // React ends the stream it writes to; the end of index.html follows from the flush.
    const body = new Transform({
      transform: (chunk, _encoding, done) => done(null, chunk),
      flush: (done) => done(null, end),
    });
    body.write(start);
    rendered.pipe(body);
    return reply.status(status).type('text/html; charset=utf-8').send(body);
  };
}

/**
 * index.html split around the root element. Its scripts move from the head to the end of the
 * body: the page works before they run (its forms post without them), and fetched from the head
 * they arrived while the phone was still reading the page and held the Pay button back while
 * they ran (bench/phone-load.mjs).
 */
function splitTemplate(html: string): { head: string; tail: string } {
  const at = html.indexOf(OUTLET);
  if (at === -1) throw new Error(`index.html has no ${OUTLET} in its root element`);
  const scripts: string[] = [];
  const head = html
    .slice(0, at)
    .replace(
      /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g,
      (tag) => {
        scripts.push(tag.trim());
        return '';
      },
    );
  const tail = html.slice(at + OUTLET.length);
  const bodyEnd = tail.lastIndexOf('</body>');
  return { head, tail: `${tail.slice(0, bodyEnd)}${scripts.join('')}${tail.slice(bodyEnd)}` };
}

function withTitle(html: string, title: string): string {
  const escaped = title.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  return html.replace(/<title>([^<]*)<\/title>/, (_, site: string) => {
    return `<title>${escaped} · ${site}</title>`;
  });
}
