import { type Kysely, sql } from 'kysely';
import type { Engine } from './engine.js';
import type { Database } from './schema.js';

/** Keeps these locks apart from any other advisory lock (the two-key form has its own space). */
const KEY_LOCK_CLASS = 7;

/**
 * Held by the writers that change many links in one statement (an upload, the expiry sweep), so
 * two of them never lock the same rows in crossing orders, nor both make one leaseholder's account.
 */
export const BULK_LINK_WRITES = 'bulk-link-writes';

/**
 * Runs `work` holding a lock on each named key until it ends, so a count and the write that
 * depends on it are not interleaved with another process's. PostgreSQL: a transaction with
 * `pg_advisory_xact_lock` per key, taken in name order so two callers cannot deadlock. SQLite
 * takes its write lock at the start of any statement that writes, so a single statement needs no
 * more, and `work` runs as it is.
 */
export async function withKeyLocks<T>(
  db: Kysely<Database>,
  engine: Engine,
  keys: readonly string[],
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (engine === 'sqlite') return work(db);
  const lockAndWork = async (trx: Kysely<Database>) => {
    await lockKeys(trx, engine, keys);
    return work(trx);
  };
  return db.isTransaction ? lockAndWork(db) : db.transaction().execute(lockAndWork);
}

/** Takes `withKeyLocks`' locks inside a transaction already open, held until it ends. */
export async function lockKeys(
  trx: Kysely<Database>,
  engine: Engine,
  keys: readonly string[],
): Promise<void> {
  if (engine === 'sqlite') return;
  for (const key of [...new Set(keys)].sort()) {
    await sql`select pg_advisory_xact_lock(${KEY_LOCK_CLASS}, hashtext(${key}))`.execute(trx);
  }
}
