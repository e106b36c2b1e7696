import { StrictMode } from 'react';
import { type PipeableStream, renderToPipeableStream } from 'react-dom/server';
import { Router } from 'wouter';
import { PageDataContext } from '@/lib/page-data';
import { PublicConfigContext } from '@/lib/public-config';
import type { PageData } from '../shared/page-data';
import type { PublicConfig } from '../shared/public-config';
import { AppRouter, isPaymentPagePath, preloadPageFor } from './app/router';

export interface RenderPageInput {
  /** The address as requested: path and query. */
  url: string;
  data: PageData;
  config: PublicConfig;
}

/** React's stream of the page: `pipe` it into the response (Node's stream.Writable). */
export type RenderedPage = Pick<PipeableStream, 'pipe' | 'abort'>;

/**
 * Renders a public page on the server (built by `vite build --ssr`, docs/decisions): the same
 * tree main.tsx hydrates, from the same data. Resolves once the page can be streamed; every
 * piece of data is read before rendering, so nothing suspends and React writes no inline script
 * (the CSP allows none).
 */
export async function renderPage(input: RenderPageInput): Promise<RenderedPage> {
  const queryAt = input.url.indexOf('?');
  const path = queryAt === -1 ? input.url : input.url.slice(0, queryAt);
  const search = queryAt === -1 ? '' : input.url.slice(queryAt + 1);
  await preloadPageFor(path);
  if (isPaymentPagePath(path)) await (await import('./app/payment-routes')).prepareServerRender();
  const app = (
    <StrictMode>
      <PublicConfigContext value={input.config}>
        <PageDataContext value={input.data}>
          <Router ssrPath={path} ssrSearch={search}>
            <AppRouter />
          </Router>
        </PageDataContext>
      </PublicConfigContext>
    </StrictMode>
  );
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(app, {
      onShellReady: () => resolve(stream),
      onShellError: reject,
    });
  });
}
