import { setImmediate } from 'node:timers/promises';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Engine } from './engine.js';
import type { Database } from './schema.js';

type Row<Table extends keyof Database> = { [Column in keyof Database[Table]]?: unknown };

/** SQLite binds at most 32,766 values a statement; PostgreSQL 65,535. */
const MAX_VALUES_PER_STATEMENT = 30_000;

const statements = new Map<string, string>();

/**
 * `insert into t (a, b) values (?, ?), (?, ?)…` for `rows` rows. Full-size statements are kept
 * (one per table and columns); a last, shorter one is made each time, so the kept texts stay few.
 */
function insertSql(
  engine: Engine,
  table: string,
  columns: readonly string[],
  rows: number,
  isFull: boolean,
) {
  const key = `${engine}|${table}|${columns.join(',')}|${rows}`;
  const kept = isFull ? statements.get(key) : undefined;
  if (kept) return kept;
  let next = 1;
  const tuple = () =>
    `(${columns.map(() => (engine === 'postgres' ? `$${next++}` : '?')).join(', ')})`;
  const tuples = Array.from({ length: rows }, tuple).join(', ');
  const names = columns.map((column) => `"${column}"`).join(', ');
  const text = `insert into "${table}" (${names}) values ${tuples}`;
  if (isFull) statements.set(key, text);
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
  const perStatement = Math.max(1, Math.floor(MAX_VALUES_PER_STATEMENT / columns.length));
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const parameters: unknown[] = [];
    for (const row of chunk) {
      for (const column of columns) parameters.push(row[column] ?? null);
    }
    await ctx.db.executeQuery(
      CompiledQuery.raw(
        insertSql(ctx.engine, table, columns, chunk.length, chunk.length === perStatement),
        parameters,
      ),
    );
    // SQLite answers synchronously, so without this the whole write is one turn of the event
    // loop: during a 50,000-row upload no page was served for two seconds. Each statement is
    // tens of milliseconds; other requests run in between (their queries wait for the
    // transaction, their pages and scripts do not).
    await setImmediate();
  }
}
