import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import pg from 'pg';
import type { Engine } from './engine.js';
import { OwnSchemaPostgresDialect } from './own-schema-dialect.js';
import type { Database } from './schema.js';
import { sqliteDialect } from './sqlite-dialect.js';
import {
  startWalCheckpoints,
  WAL_CHECKPOINT_BYTES,
  type WalCheckpointOptions,
  type WalCheckpoints,
} from './wal-checkpoints.js';

// bigint columns hold epoch milliseconds and counts, all far below 2^53: numbers, not strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/** The writing connection's page cache, in KiB. */
const WRITER_CACHE_KIB = 16 * 1024;

/**
 * Pages of 8 KB for a new database file (SQLite's default is 4 KB): the links table has a dozen
 * indexes, and with larger pages each is a level shallower, so an upload's inserts touch fewer.
 */
export const PAGE_BYTES = 8192;

/** The write-ahead log's size at which the connection checkpoints by itself: a backstop. */
const AUTOCHECKPOINT_BYTES = 400 * 1024 * 1024;

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded SQLite file is used. */
  databaseUrl?: string;
  /** SQLite file, or ':memory:'. */
  sqlitePath?: string;
  /** PostgreSQL schema to use (created if missing); tests give each file its own. */
  pgSchema?: string;
  pgPoolSize?: number;
  /** SQLite file: when its write-ahead log is checkpointed (tests make it small and quick). */
  walCheckpoint?: WalCheckpointOptions;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  /**
   * For reads that need not wait for an open write transaction (AppContext.readDb): on a SQLite
   * file a second, read-only connection; otherwise `db` itself.
   */
  readDb: Kysely<Database>;
  engine: Engine;
  /** SQLite file only: the background checkpoints of its write-ahead log. */
  checkpoints?: WalCheckpoints;
  close(): Promise<void>;
}

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return createPostgres(options.databaseUrl, options);
  return createSqlite(options.sqlitePath ?? './data/portal.sqlite', options.walCheckpoint);
}

function createSqlite(file: string, walCheckpoint?: WalCheckpointOptions): DatabaseHandle {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // Set before the file has any content; a database made with another page size keeps it.
  sqlite.pragma(`page_size = ${PAGE_BYTES}`);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // An upload's rows go into a dozen indexes, several in an order no insert order can follow:
  // with SQLite's default 2 MiB cache those pages were thrown out and read back again.
  sqlite.pragma(`cache_size = -${WRITER_CACHE_KIB}`);
  const db = new Kysely<Database>({
    dialect: sqliteDialect(sqlite),
  });
  if (file === ':memory:') return { db, readDb: db, engine: 'sqlite', close: () => db.destroy() };

  // Checkpoints run in a worker thread (wal-checkpoints.ts). This connection's own
  // autocheckpoint, which would run one inside a commit on the web server's thread, is only a
  // backstop for a log those have let grow to 400 MB. A log that was checkpointed is cut back to
  // a quarter of the threshold when a write starts it over, so its size keeps telling how much
  // is new.
  const thresholdBytes = walCheckpoint?.thresholdBytes ?? WAL_CHECKPOINT_BYTES;
  sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_BYTES / PAGE_BYTES}`);
  sqlite.pragma(`journal_size_limit = ${Math.floor(thresholdBytes / 4)}`);
  const checkpoints = startWalCheckpoints(file, {
    onError: (error) => console.error('SQLite checkpoint failed:', error),
    ...walCheckpoint,
    thresholdBytes,
  });
  // Opened after the writer has made the file a WAL database, which a read-only connection needs.
  const reader = new SQLite(file, { readonly: true, fileMustExist: true });
  reader.pragma('busy_timeout = 5000');
  const readDb = new Kysely<Database>({
    dialect: sqliteDialect(reader),
  });
  return {
    db,
    readDb,
    engine: 'sqlite',
    checkpoints,
    close: async () => {
      await checkpoints.stop();
      await readDb.destroy();
      await db.destroy();
    },
  };
}

async function createPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const schema = options.pgSchema;
  if (schema) {
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`create schema if not exists ${schema}`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.pgPoolSize ?? 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
  return { db, readDb: db, engine: 'postgres', close: () => db.destroy() };
}
