import { type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * `tenants.last_sheet_at`: when an upload last named the account, so staff can find those owing
 * whom no sheet names any more (sold, or a duplicate). Filled for existing accounts from what
 * uploads left behind: the newest link an upload made, the day a sheet agreed with the balance,
 * or the account's first upload. `tenants.corrected_from_pence`: the balance staff corrected
 * away from, until a sheet shows another figure (reconcile-rows.ts).
 */
export function sheetTracking(engine: Engine) {
  // The larger of its arguments: PostgreSQL's greatest, SQLite's many-argument max.
  const newest = sql.raw(engine === 'postgres' ? 'greatest' : 'max');
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('tenants').addColumn('last_sheet_at', 'bigint').execute();
      await db.schema.alterTable('tenants').addColumn('corrected_from_pence', 'bigint').execute();
      await sql`update tenants set last_sheet_at = ${newest}(
          created_at,
          coalesce(sheet_agreed_at, 0),
          coalesce((select max(created_at) from payment_links
            where payment_links.tenant_id = tenants.id and batch_id is not null), 0)
        )`.execute(db);
      await sql`create index tenants_last_sheet_at on tenants (last_sheet_at)`.execute(db);
    },
  };
}
