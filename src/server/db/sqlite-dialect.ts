import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  type SqliteDatabase,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type SqliteStatement,
} from 'kysely';

/**
 * Kysely's SQLite dialect with a first-come, first-served lock on the one connection.
 *
 * SQLite has a single connection, so a query waits while another caller holds it (a transaction
 * holds it across its awaits). Kysely's own lock wakes every waiter on each release and all but
 * one go back to sleep: with 16 requests in flight each query cost about 80 µs of wake-ups for a
 * 7 µs primary-key read (measured on GET /api/payment-link/:id), and 20,000 queries issued at
 * once took 2 ms each. Here a release hands the connection to the next waiter directly.
 * Everything else is as Kysely's SqliteDriver does it.
 */
export class QueuedSqliteDialect implements Dialect {
  readonly #database: SqliteDatabase;
  readonly #options: ConnectionOptions;
  #driver: QueuedSqliteDriver | null = null;

  constructor(database: SqliteDatabase, options: ConnectionOptions = {}) {
    this.#database = database;
    this.#options = options;
  }

  createDriver(): Driver {
    this.#driver = new QueuedSqliteDriver(this.#database, this.#options);
    return this.#driver;
  }

  /** See runAtOnce. */
  runIfFree<R>(query: CompiledQuery): QueryResult<R> | null {
    return this.#driver?.runIfFree<R>(query) ?? null;
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  // biome-ignore lint/suspicious/noExplicitAny: Kysely's introspector takes any database.
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

const dialects = new WeakMap<object, QueuedSqliteDialect>();

/** A Kysely instance on one SQLite connection, through the queue below. */
export function queuedSqliteKysely<DB>(
  database: SqliteDatabase,
  options: ConnectionOptions = {},
): Kysely<DB> {
  const dialect = new QueuedSqliteDialect(database, options);
  const db = new Kysely<DB>({ dialect });
  dialects.set(db, dialect);
  return db;
}

/**
 * Runs a compiled query at once when `db` is a SQLite connection made by queuedSqliteKysely and
 * no one holds it (so no one waits for it either); otherwise null, and the caller goes through
 * Kysely. Kysely's way to a connection is half a dozen awaits, 3–4 µs, more than SQLite takes
 * to read a row inside the turn's snapshot (prepared-query.ts uses this). A transaction object
 * is not in the map, and a connection a transaction holds is not free: a query never slips into
 * someone else's transaction.
 */
export function runAtOnce<R>(db: object, query: CompiledQuery): QueryResult<R> | null {
  return dialects.get(db)?.runIfFree<R>(query) ?? null;
}

export interface ConnectionOptions {
  /** A read-only connection: its reads share one snapshot per turn of the event loop. */
  snapshot?: TurnSnapshot;
  /** The writing connection: called after each of its statements (a change may now be visible). */
  afterStatement?: () => void;
}

/**
 * One read transaction shared by the reads of one turn of the event loop, on the read-only
 * connection (decision 0010). Each read outside a transaction is a transaction of its own, and
 * in WAL mode starting and ending one costs three system calls (a lock on the shared-memory
 * index, an fstat of the file, the unlock): 7–10 µs on this machine, against 2.6 µs for the
 * public link read itself. Requests that arrive together are served in one turn, so they now
 * share those calls.
 *
 * The snapshot is never older than the turn it was taken in: it ends when the turn's callbacks
 * are done (setImmediate), and at once after any statement on this process's writing
 * connection, so a read after a write in this process always sees it. A write by another
 * process is seen from the next turn: as if the request had come a moment sooner.
 */
export class TurnSnapshot {
  #database: SqliteDatabase | null = null;
  #isOpen = false;
  /** An explicit transaction on the connection holds its own snapshot. */
  #isSuspended = false;
  readonly #endAtTurnEnd = () => this.end();

  attach(database: SqliteDatabase): void {
    this.#database = database;
  }

  /** Before a read: opens the turn's read transaction if none is open. */
  beforeRead(): void {
    if (this.#isOpen || this.#isSuspended || !this.#database) return;
    this.#database.prepare('begin').run([]);
    this.#isOpen = true;
    setImmediate(this.#endAtTurnEnd);
  }

  end(): void {
    if (!this.#isOpen) return;
    this.#isOpen = false;
    this.#database?.prepare('commit').run([]);
  }

  suspend(): void {
    this.end();
    this.#isSuspended = true;
  }

  resume(): void {
    this.#isSuspended = false;
  }

  detach(): void {
    this.end();
    this.#database = null;
  }
}

class QueuedSqliteDriver implements Driver {
  readonly #database: SqliteDatabase;
  readonly #connection: SqliteConnection;
  readonly #snapshot: TurnSnapshot | undefined;
  readonly #waiting: (() => void)[] = [];
  #isHeld = false;

  constructor(database: SqliteDatabase, options: ConnectionOptions) {
    this.#database = database;
    this.#snapshot = options.snapshot;
    this.#snapshot?.attach(database);
    this.#connection = new SqliteConnection(database, options);
  }

  async init(): Promise<void> {}

  runIfFree<R>(query: CompiledQuery): QueryResult<R> | null {
    return this.#isHeld ? null : this.#connection.run<R>(query);
  }

  acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#isHeld) {
      this.#isHeld = true;
      return Promise.resolve(this.#connection);
    }
    return new Promise((resolve) => {
      this.#waiting.push(() => resolve(this.#connection));
    });
  }

  async releaseConnection(): Promise<void> {
    const next = this.#waiting.shift();
    // Still held: the connection passes straight to the next waiter.
    if (next) next();
    else this.#isHeld = false;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    this.#snapshot?.suspend();
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
    this.#snapshot?.resume();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
    this.#snapshot?.resume();
  }

  async destroy(): Promise<void> {
    this.#snapshot?.detach();
    this.#database.close();
  }
}

class SqliteConnection implements DatabaseConnection {
  readonly #database: SqliteDatabase;
  readonly #snapshot: TurnSnapshot | undefined;
  readonly #afterStatement: (() => void) | undefined;

  constructor(database: SqliteDatabase, options: ConnectionOptions) {
    this.#database = database;
    this.#snapshot = options.snapshot;
    this.#afterStatement = options.afterStatement;
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return Promise.resolve(this.run<R>(compiledQuery));
  }

  run<R>(compiledQuery: CompiledQuery): QueryResult<R> {
    const statement = this.#database.prepare(compiledQuery.sql);
    try {
      return this.#run<R>(statement, compiledQuery.parameters as unknown[]);
    } finally {
      // Every statement, reads too: `insert ... returning` is a reader, and so are begin and
      // commit as far as SQLite's read-only flag goes.
      this.#afterStatement?.();
    }
  }

  #run<R>(statement: SqliteStatement, parameters: unknown[]): QueryResult<R> {
    if (statement.reader) {
      this.#snapshot?.beforeRead();
      return { rows: statement.all(parameters) as R[] };
    }
    const { changes, lastInsertRowid } = statement.run(parameters);
    return {
      numAffectedRows: changes === undefined || changes === null ? undefined : BigInt(changes),
      insertId:
        lastInsertRowid === undefined || lastInsertRowid === null
          ? undefined
          : BigInt(lastInsertRowid),
      rows: [],
    };
  }

  // biome-ignore lint/correctness/useYield: the project never streams from SQLite.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported on SQLite here');
  }
}
