import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * A SQLite connection as Kysely's dialect uses it, keeping its prepared statements by SQL text:
 * Kysely prepares every query afresh, and preparing costs more than running the small queries
 * a leaseholder's link read makes. Safe because Kysely runs one query at a time per connection
 * and nothing here streams (a statement being iterated cannot run again).
 */
export function withStatementCache(sqlite: SQLite.Database, size = 200): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let statement = cache.get(sqlText);
      if (!statement) {
        // The oldest out: a Map keeps its keys in insertion order.
        if (cache.size >= size) cache.delete(cache.keys().next().value!);
        statement = sqlite.prepare(sqlText);
        cache.set(sqlText, statement);
      }
      return statement;
    },
  };
}
