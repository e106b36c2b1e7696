import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The dashboard at a million links (ARCHITECTURE section 8: its p95 at most 3x that at ten
 * thousand). Total Outstanding sums every account owing, which grows with the estate, so the
 * database keeps it: each change to a balance appends its difference to `owed_deltas` (a trigger,
 * so no code path can forget; appends, so writers never wait on one hot row), and housekeeping
 * folds the rows into one (compact-owed-total.ts). The other figures count recent links: each
 * gets a partial index that answers it alone.
 */
export function dashboardTotals(engine: Engine) {
  const serial =
    engine === 'postgres' ? sql`bigserial primary key` : sql`integer primary key autoincrement`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('owed_deltas')
        .addColumn('id', serial)
        .addColumn('pence', 'bigint', (c) => c.notNull())
        .execute();
      if (engine === 'postgres') await postgresTriggers(db);
      else await sqliteTriggers(db);
      await sql`insert into owed_deltas (pence)
        select coalesce(sum(balance_pence), 0) from tenants where balance_pence > 0`.execute(db);

      await db.schema.dropIndex('payment_links_lapsed').execute();
      await db.schema
        .createIndex('payment_links_lapsed')
        .on('payment_links')
        .columns(['status', 'expires_at', 'replaced_by', 'processing_since', 'closed_reason'])
        .where(
          sql.raw<SqlBool>(
            `status in ('pending', 'expired', 'failed') and replaced_by is null and processing_since is null and closed_reason is null`,
          ),
        )
        .execute();
      await db.schema
        .createIndex('payment_links_paid_recent')
        .on('payment_links')
        .columns(['status', 'paid_at', 'replaced_by'])
        .where(sql.raw<SqlBool>(`status = 'paid' and replaced_by is null`))
        .execute();
      await db.schema
        .createIndex('payments_succeeded_at')
        .on('payments')
        .columns(['status', 'paid_at', 'amount_pence'])
        .where(sql.raw<SqlBool>(`status = 'succeeded'`))
        .execute();
    },
  };
}

async function sqliteTriggers(db: Kysely<unknown>) {
  await sql`create trigger tenants_owed_insert after insert on tenants
    when new.balance_pence > 0 begin
      insert into owed_deltas (pence) values (new.balance_pence);
    end`.execute(db);
  await sql`create trigger tenants_owed_update after update of balance_pence on tenants
    when max(old.balance_pence, 0) <> max(new.balance_pence, 0) begin
      insert into owed_deltas (pence)
        values (max(new.balance_pence, 0) - max(old.balance_pence, 0));
    end`.execute(db);
  await sql`create trigger tenants_owed_delete after delete on tenants
    when old.balance_pence > 0 begin
      insert into owed_deltas (pence) values (-old.balance_pence);
    end`.execute(db);
}

/** Once per statement (transition tables): an upload's insert of 500 accounts adds one row. */
async function postgresTriggers(db: Kysely<unknown>) {
  const owed = (table: string) =>
    `(select coalesce(sum(greatest(balance_pence, 0)), 0) from ${table})`;
  const fn = (name: string, delta: string) =>
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin
        insert into owed_deltas (pence) select d from (select ${delta} as d) x where d <> 0;
        return null;
      end $$`);
  await fn('tenants_owed_inserted', owed('new_rows')).execute(db);
  await fn('tenants_owed_updated', `${owed('new_rows')} - ${owed('old_rows')}`).execute(db);
  await fn('tenants_owed_deleted', `-${owed('old_rows')}`).execute(db);
  await sql`create trigger tenants_owed_insert after insert on tenants
    referencing new table as new_rows for each statement
    execute function tenants_owed_inserted()`.execute(db);
  await sql`create trigger tenants_owed_update after update on tenants
    referencing old table as old_rows new table as new_rows for each statement
    execute function tenants_owed_updated()`.execute(db);
  await sql`create trigger tenants_owed_delete after delete on tenants
    referencing old table as old_rows for each statement
    execute function tenants_owed_deleted()`.execute(db);
}
