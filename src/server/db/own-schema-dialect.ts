import {
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresDialect,
  PostgresIntrospector,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

/**
 * Kysely's PostgreSQL dialect, except that introspection (which only the migrator uses) reads the
 * connection's own schema. Kysely's reads every schema's tables and names each schema to
 * functions (has_schema_privilege, pg_get_serial_sequence) as it goes, so a schema that another
 * process drops meanwhile (a neighbouring app, or another test run's schema) failed our
 * migration with 'schema "…" does not exist'.
 */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's own signature.
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}

interface ColumnRow {
  table: string;
  schema: string;
  kind: string;
  column: string;
  not_null: boolean;
  has_default: boolean;
  is_auto: boolean;
  type: string;
  type_schema: string;
  comment: string | null;
}

const KYSELY_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

class OwnSchemaIntrospector implements DatabaseIntrospector {
  readonly #stock: PostgresIntrospector;

  // biome-ignore lint/suspicious/noExplicitAny: Kysely's own signature.
  constructor(private readonly db: Kysely<any>) {
    this.#stock = new PostgresIntrospector(db);
  }

  getSchemas(): Promise<SchemaMetadata[]> {
    // Names from pg_namespace alone: nothing there is looked up by name.
    return this.#stock.getSchemas();
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.relname as "table", ns.nspname as "schema", c.relkind as kind,
        a.attname as "column", a.attnotnull as not_null, a.atthasdef as has_default,
        (a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false))
          as is_auto,
        typ.typname as "type", tns.nspname as type_schema,
        col_description(c.oid, a.attnum) as "comment"
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace tns on tns.oid = typ.typnamespace
      left join pg_catalog.pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
      order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata & { columns: ColumnMetadata[] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLES.has(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.kind === 'v', columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        isAutoIncrementing: row.is_auto,
        hasDefaultValue: row.has_default,
        comment: row.comment ?? undefined,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}
