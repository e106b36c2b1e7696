import type { CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Engine } from './engine.js';
import type { Database } from './schema.js';
import { runAtOnce } from './sqlite-dialect.js';

interface Compilable<Row> {
  compile(): CompiledQuery<Row>;
}

interface Prepared<Row> {
  query: CompiledQuery<Row>;
  /** For each parameter of the compiled query: the argument it takes, or null for a constant. */
  slots: (string | null)[];
}

const SENTINEL = '\u0000arg:';

/**
 * A query built and compiled once per engine and then run with new values: building and
 * compiling a Kysely query costs more than SQLite running a small one (tens of microseconds),
 * which adds up on paths that run ten thousand times a minute (the send queue, the public link
 * read).
 *
 * `build` receives stand-ins for the arguments and must use each only as a value (in a where,
 * set, values or limit), never to decide the query's shape: the SQL is compiled once per engine,
 * from the stand-ins, and each run swaps the real values into their places. The engine it is
 * given may shape the query (a locking clause only PostgreSQL has).
 *
 * On a SQLite connection no one holds, the query runs at once, without Kysely's way to the
 * connection (runAtOnce in sqlite-dialect.ts).
 */
export function preparedQuery<Args extends object, Row>(
  build: (db: Kysely<Database>, args: Args, engine: Engine) => Compilable<Row>,
) {
  const byEngine = new Map<Engine, Prepared<Row>>();

  function prepare(db: Kysely<Database>, engine: Engine, args: Args): Prepared<Row> {
    const standIns = Object.fromEntries(Object.keys(args).map((name) => [name, SENTINEL + name]));
    const query = build(db, standIns as Args, engine).compile();
    const slots = query.parameters.map((parameter) =>
      typeof parameter === 'string' && parameter.startsWith(SENTINEL)
        ? parameter.slice(SENTINEL.length)
        : null,
    );
    const prepared = { query, slots };
    byEngine.set(engine, prepared);
    return prepared;
  }

  function compiledWith(ctx: Runner, args: Args): CompiledQuery<Row> {
    const { query, slots } = byEngine.get(ctx.engine) ?? prepare(ctx.db, ctx.engine, args);
    const parameters = query.parameters.map((constant, index) => {
      const name = slots[index];
      return name === null || name === undefined
        ? constant
        : (args as Record<string, unknown>)[name];
    });
    return { query: query.query, queryId: query.queryId, sql: query.sql, parameters };
  }

  const run = (ctx: Runner, args: Args): Promise<QueryResult<Row>> => {
    const compiled = compiledWith(ctx, args);
    try {
      const result = runAtOnce<Row>(ctx.db, compiled);
      if (result) return Promise.resolve(result);
    } catch (error) {
      return Promise.reject(error);
    }
    return ctx.db.executeQuery<Row>(compiled);
  };
  /**
   * The result now, without a promise, or null when the query cannot run at once (PostgreSQL,
   * or a SQLite connection someone holds): the caller then runs it the usual way.
   */
  run.atOnce = (ctx: Runner, args: Args): QueryResult<Row> | null =>
    runAtOnce<Row>(ctx.db, compiledWith(ctx, args));
  return run;
}

interface Runner {
  db: Kysely<Database>;
  engine: Engine;
}
