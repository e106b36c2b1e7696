import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * A SQLite connection as Kysely's dialect uses it, keeping its prepared statements.
 *
 * Kysely prepares every query afresh; SQLite's prepare is a good part of a small query's cost,
 * and the queue runs the same few statements thousands of times. Statements are kept by their
 * SQL text, up to `size` of them. Safe because Kysely runs one query at a time per connection
 * and never streams here (a statement being iterated cannot run again).
 *
 * Eviction is the clock (second-chance) algorithm: a hit only marks the statement as used. An
 * exact least-recently-used order meant a Map delete and insert on every hit, and the Map's
 * rehashing that follows cost the public link read about 1 µs of its 50 (perf).
 */
export function withStatementCache(sqlite: SQLite.Database, size = 500): SqliteDatabase {
  const cache = new Map<string, CachedStatement>();

  /** Oldest first; a statement used since the hand last passed goes to the back instead. */
  function evictOne(): void {
    for (const [sqlText, statement] of cache) {
      cache.delete(sqlText);
      if (!statement.isUsed) return;
      statement.isUsed = false;
      cache.set(sqlText, statement);
    }
  }

  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      const cached = cache.get(sqlText);
      if (cached) {
        cached.isUsed = true;
        return cached;
      }
      if (cache.size >= size) evictOne();
      const statement = new CachedStatement(sqlite.prepare(sqlText));
      cache.set(sqlText, statement);
      if (!statement.reader && /^\s*(create|alter|drop)\b/i.test(sqlText)) {
        for (const other of cache.values()) other.forgetColumns();
      }
      return statement;
    },
  };
}

/**
 * One prepared statement. A reader returns its rows as objects keyed by column name, as
 * better-sqlite3 does, but builds them here from its raw mode's arrays: better-sqlite3 looks
 * every column's name up in V8's string table again for every row, and that was the largest
 * part of the public link read's time in SQLite's code (perf: 6% of the server's time, against
 * 3% for SQLite finding the row).
 *
 * The column names are read once. A schema change can change them for the same SQL text (`*`
 * after a column is added): a row of another length reads them again, and a schema statement
 * run through this cache makes every statement read them again.
 */
class CachedStatement implements SqliteStatement {
  readonly reader: boolean;
  /** The clock's mark: used since the hand last passed. */
  isUsed = false;
  readonly #statement: SQLite.Statement;
  #columns: string[] | null = null;

  constructor(statement: SQLite.Statement) {
    this.#statement = statement;
    this.reader = statement.reader;
    if (this.reader) statement.raw(true);
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    const rows = this.#statement.all(parameters) as unknown[][];
    for (let index = 0; index < rows.length; index += 1) {
      (rows as unknown[])[index] = this.#objectOf(rows[index] as unknown[]);
    }
    return rows;
  }

  run(parameters: ReadonlyArray<unknown>): {
    changes: number | bigint;
    lastInsertRowid: number | bigint;
  } {
    return this.#statement.run(parameters);
  }

  *iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    for (const row of this.#statement.iterate(parameters) as IterableIterator<unknown[]>) {
      yield this.#objectOf(row);
    }
  }

  forgetColumns(): void {
    this.#columns = null;
  }

  #objectOf(values: unknown[]): Record<string, unknown> {
    let columns = this.#columns;
    if (columns === null || columns.length !== values.length) {
      columns = this.#statement.columns().map((column) => column.name);
      this.#columns = columns;
    }
    const row: Record<string, unknown> = {};
    for (let index = 0; index < columns.length; index += 1) {
      row[columns[index] as string] = values[index];
    }
    return row;
  }
}
