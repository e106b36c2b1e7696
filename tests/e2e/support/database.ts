import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { E2E_PORT } from './constants.js';

/**
 * Runs `work` on the e2e server's own SQLite database, for a state no page or API can make (a
 * job that used up its attempts takes eight failures over half an hour). A short write beside
 * the running server, as `npm run backup` does.
 */
export function withE2eDatabase<T>(work: (db: SQLite.Database) => T): T {
  const dataDir = readFileSync(path.join(tmpdir(), `portal-e2e-${E2E_PORT}.data-dir`), 'utf8');
  const db = new SQLite(path.join(dataDir, 'portal.sqlite'), { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    return work(db);
  } finally {
    db.close();
  }
}
