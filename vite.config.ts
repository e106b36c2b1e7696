import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressBuild } from './src/build/precompress.js';

const serverPort = Number(process.env.PORT ?? 3000);

/** In dev the API server is not the one serving index.html, so put the public settings in here. */
function devPublicConfig(): Plugin {
  return {
    name: 'portal-dev-public-config',
    apply: 'serve',
    async transformIndexHtml(html) {
      const { loadConfig } = await import('./src/server/config.js');
      const { injectPublicConfig, publicConfigOf } = await import(
        './src/server/modules/system/public-config.js'
      );
      return injectPublicConfig(html, publicConfigOf(loadConfig(process.env)));
    },
  };
}

// `vite build` makes the browser's client in dist/client; `vite build --ssr` the server entry
// that renders the public pages (src/client/entry-server.tsx) in dist/ssr, from the same
// sources and aliases (docs/decisions/0010).
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  plugins: isSsrBuild ? [react()] : [react(), tailwindcss(), devPublicConfig(), precompressBuild()],
  resolve: {
    alias: { '@': path.resolve(import.meta.dirname, 'src/client') },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, isSsrBuild ? 'dist/ssr' : 'dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    target: isSsrBuild ? 'node20' : 'es2022',
    copyPublicDir: !isSsrBuild,
    // The admin area is one chunk on purpose: fetched once behind the sign-in and cached by its
    // hash, so moving between admin pages never waits on the network. Vite's 500 kB hint is
    // meant for pages that load everything up front; the public pages stay small (section 8).
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://localhost:${serverPort}`,
      '/healthz': `http://localhost:${serverPort}`,
      '/readyz': `http://localhost:${serverPort}`,
      '/metrics': `http://localhost:${serverPort}`,
    },
  },
}));
