import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readPageData } from '@/lib/page-data';
import { App } from './app/app';
import { preloadPageFor } from './app/router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The public pages arrive rendered by the server with the data they were rendered from
// (entry-server.tsx): React takes over that markup. Every other page renders here.
const pageData = readPageData();
// The page's own chunk first, so that React renders (or hydrates) the page at once instead of a
// spinner it would then hold for 300 ms (preloadable.ts). Should the chunk fail to arrive, the
// router's Suspense boundary asks for it again.
void preloadPageFor(window.location.pathname)
  .catch(() => {})
  .then(() => {
    const app = (
      <StrictMode>
        <App pageData={pageData} />
      </StrictMode>
    );
    if (pageData && root.firstElementChild) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
