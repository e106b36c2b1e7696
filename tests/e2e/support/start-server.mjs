// Starts the built server on a fresh, throw-away SQLite database for one Playwright run.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
// Where the database is, for specs that set up what no page can (support/database.ts reads it).
writeFileSync(path.join(tmpdir(), `portal-e2e-${process.env.PORT}.data-dir`), process.env.DATA_DIR);
// E2E_DIST lets several checkouts of the build (e.g. `.e2e-builds/<name>`) run side by side.
const dist = process.env.E2E_DIST
  ? pathToFileURL(path.resolve(process.env.E2E_DIST)).href
  : new URL('../../../dist', import.meta.url).href;
await import(`${dist}/server/index.js`);
