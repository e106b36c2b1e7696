import type SQLite from 'better-sqlite3';
import {
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import { withStatementCache } from './statement-cache.js';

/**
 * Kysely's SQLite dialect over `sqlite` with our statement cache, except that a transaction SQLite
 * has already rolled back itself is not rolled back again. SQLite does so after SQLITE_FULL and
 * some I/O errors; Kysely's ROLLBACK would then fail with "cannot rollback - no transaction is
 * active", and that error would replace the one saying what went wrong.
 */
export function sqliteDialect(sqlite: SQLite.Database): SqliteDialect {
  return new KeepCauseDialect(sqlite, { database: withStatementCache(sqlite) });
}

class KeepCauseDialect extends SqliteDialect {
  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly config: SqliteDialectConfig,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new KeepCauseDriver(this.sqlite, this.config);
  }
}

class KeepCauseDriver extends SqliteDriver {
  constructor(
    private readonly sqlite: SQLite.Database,
    config: SqliteDialectConfig,
  ) {
    super(config);
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.sqlite.inTransaction) await super.rollbackTransaction(connection);
  }
}
