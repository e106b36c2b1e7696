import { setImmediate } from 'node:timers/promises';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Engine } from './engine.js';
import type { Database } from './schema.js';

type Row<Table extends keyof Database> = { [Column in keyof Database[Table]]?: unknown };

/** SQLite binds at most 32,766 values a statement; PostgreSQL 65,535. */
const MAX_VALUES_PER_STATEMENT = 30_000;

/** Statement texts kept, by table, columns and row count (the oldest out past the limit). */
const statements = new Map<string, string>();
const KEPT_STATEMENTS = 32;

/** `insert into t (a, b) values (?, ?), (?, ?)…` for `rows` rows. */
function insertSql(engine: Engine, table: string, columns: readonly string[], rows: number) {
  const key = `${engine}|${table}|${columns.join(',')}|${rows}`;
  const kept = statements.get(key);
  if (kept) return kept;
  let next = 1;
  const tuple = () =>
    `(${columns.map(() => (engine === 'postgres' ? `$${next++}` : '?')).join(', ')})`;
  const tuples = Array.from({ length: rows }, tuple).join(', ');
  const names = columns.map((column) => `"${column}"`).join(', ');
  const text = `insert into "${table}" (${names}) values ${tuples}`;
  if (statements.size >= KEPT_STATEMENTS) statements.delete(statements.keys().next().value!);
  statements.set(key, text);
  return text;
}

/**
 * Inserts many rows of one table with multi-row INSERTs whose SQL is made once per shape: the
 * values go straight to the driver instead of through Kysely's query builder, which cost about
 * a second for an upload's 100,000 rows. Every row gives the same `columns` (names from our own
 * schema, never from input); missing values are inserted as null.
 */
export async function bulkInsert<Table extends keyof Database & string>(
  ctx: { db: Kysely<Database>; engine: Engine },
  table: Table,
  columns: readonly (keyof Database[Table] & string)[],
  rows: readonly Row<Table>[],
): Promise<void> {
  const values: unknown[] = [];
  for (const row of rows) {
    for (const column of columns) values.push(row[column] ?? null);
  }
  await bulkInsertValues(ctx, table, columns, values);
}

/**
 * bulkInsert for rows given as one flat list of values, row after row in `columns` order: an
 * upload's rows go in without an object made for each.
 */
export async function bulkInsertValues<Table extends keyof Database & string>(
  ctx: { db: Kysely<Database>; engine: Engine },
  table: Table,
  columns: readonly (keyof Database[Table] & string)[],
  values: readonly unknown[],
): Promise<void> {
  const perStatement = Math.max(1, Math.floor(MAX_VALUES_PER_STATEMENT / columns.length));
  const rowCount = values.length / columns.length;
  for (let start = 0; start < rowCount; start += perStatement) {
    const rows = Math.min(perStatement, rowCount - start);
    const parameters = values.slice(start * columns.length, (start + rows) * columns.length);
    await ctx.db.executeQuery(
      CompiledQuery.raw(insertSql(ctx.engine, table, columns, rows), parameters),
    );
    // SQLite answers synchronously, so without this the whole write is one turn of the event
    // loop: during a 50,000-row upload no page was served for two seconds. Each statement is
    // tens of milliseconds; other requests run in between (their queries wait for the
    // transaction, their pages and scripts do not).
    await setImmediate();
  }
}
