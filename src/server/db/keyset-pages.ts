import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';

/**
 * A query's rows a page at a time in the order of `keys` (keyset paging, for the CSV exports):
 * each page starts after the last row's keys, so the rows before it are not read again, as an
 * offset would on every page, and a row added meanwhile neither shifts nor repeats one. Every key
 * sorts in `direction` and none may be null, so one row-value comparison bounds a page; the last
 * key must be unique (the id). The query is not ordered: this orders it.
 */
export async function* keysetPages<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  keys: readonly Expression<unknown>[],
  direction: 'asc' | 'desc',
  pageRows: number,
): AsyncGenerator<Row[]> {
  const order = sql.raw(direction);
  const after = sql.raw(direction === 'asc' ? '>' : '<');
  const from = sql.raw(direction === 'asc' ? '>=' : '<=');
  const keyed = query
    .select(keys.map((key, index) => sql`${key}`.as(`sort_key_${index}`)))
    .orderBy(sql.join(keys.map((key) => sql`${key} ${order}`)));
  let last: unknown[] | null = null;
  for (;;) {
    // The first key's own bound is what lets SQLite seek its index to the page: it reads a
    // row-value bound only with no other condition on that column, and never on an expression.
    const page = last
      ? keyed.where(
          sql<SqlBool>`${keys[0]} ${from} ${last[0]} and (${sql.join(keys)}) ${after} (${sql.join(last)})`,
        )
      : keyed;
    const rows = (await page.limit(pageRows).execute()) as (Row & Record<string, unknown>)[];
    yield rows;
    if (rows.length < pageRows) return;
    const lastRow = rows.at(-1)!;
    last = keys.map((_, index) => lastRow[`sort_key_${index}`]);
  }
}
