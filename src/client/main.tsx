import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPageFor } from './app/router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The page's own chunk first, so that React renders the page at once instead of a spinner it
// would then hold for 300 ms (preloadable.ts). Should the chunk fail to arrive, the router's
// Suspense boundary asks for it again.
void preloadPageFor(window.location.pathname)
  .catch(() => {})
  .then(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
