// Starts the built server on a fresh, throw-away SQLite database for one Playwright run.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
await import('../../../dist/server/index.js');
