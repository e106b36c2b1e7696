import { type Kysely, sql } from 'kysely';
import { matchKeyOf } from '../../modules/accounts/account-keys.js';
import type { Engine } from '../engine.js';

/**
 * Leaseholder accounts (issue 29): the tenants row becomes the lasting account, with the agent's
 * reference, the keys an upload matches it by, and its balance; links gain what was paid on them
 * and why they closed; offline payments and an account history are new tables. Existing
 * leaseholders get their keys, and a balance equal to their latest unpaid link.
 */
export function accounts(engine: Engine) {
  const serial =
    engine === 'postgres' ? sql`bigserial primary key` : sql`integer primary key autoincrement`;
  return {
    async up(db: Kysely<unknown>) {
      await addColumns(db, 'tenants', [
        ['reference', 'text'],
        ['reference_key', 'text'],
        ['match_key', 'text'],
        ['balance_pence', 'bigint', 0],
        ['owing_since', 'bigint'],
        ['hold_until', 'bigint'],
        ['hold_reason', 'text'],
        ['updated_at', 'bigint'],
        ['erased_at', 'bigint'],
      ]);
      await addColumns(db, 'payment_links', [
        ['paid_pence', 'bigint', 0],
        ['closed_reason', 'text'],
        ['closed_at', 'bigint'],
      ]);
      await addColumns(db, 'upload_batches', [
        ['reconciliation', 'text'],
        ['warnings', 'text'],
      ]);

      await fillAccountKeys(db);
      await sql`update tenants set balance_pence = coalesce((
          select l.amount_pence from payment_links l
          where l.tenant_id = tenants.id and l.replaced_by is null and l.status <> 'paid'
          order by l.created_at desc limit 1), 0)`.execute(db);
      await sql`update tenants set owing_since = (
          select min(l.created_at) from payment_links l where l.tenant_id = tenants.id)
        where balance_pence > 0`.execute(db);

      await sql`create unique index tenants_reference_key on tenants (reference_key)
        where reference_key is not null`.execute(db);
      await db.schema.createIndex('tenants_match_key').on('tenants').column('match_key').execute();
      await db.schema
        .createIndex('tenants_balance')
        .on('tenants')
        .columns(['balance_pence', 'id'])
        .execute();
      await db.schema
        .createIndex('payment_links_tenant')
        .ifNotExists()
        .on('payment_links')
        .columns(['tenant_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('offline_payments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('amount_pence', 'bigint', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('reference', 'text')
        .addColumn('paid_on', 'text', (c) => c.notNull())
        .addColumn('recorded_at', 'bigint', (c) => c.notNull())
        .addColumn('recorded_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('offline_payments_tenant')
        .on('offline_payments')
        .columns(['tenant_id', 'recorded_at'])
        .execute();
      await db.schema
        .createIndex('offline_payments_paid_on')
        .on('offline_payments')
        .column('paid_on')
        .execute();

      await db.schema
        .createTable('account_events')
        .addColumn('id', serial)
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('text', 'text')
        .addColumn('details', 'text')
        .execute();
      await db.schema
        .createIndex('account_events_tenant')
        .on('account_events')
        .columns(['tenant_id', 'at'])
        .execute();
    },
  };
}

type Column = [name: string, type: 'text' | 'bigint', defaultValue?: number];

async function addColumns(db: Kysely<unknown>, table: string, columns: Column[]) {
  for (const [name, type, defaultValue] of columns) {
    await db.schema
      .alterTable(table)
      .addColumn(name, type, (c) =>
        defaultValue === undefined ? c : c.notNull().defaultTo(defaultValue),
      )
      .execute();
  }
}

async function fillAccountKeys(db: Kysely<unknown>) {
  const typed = db as Kysely<{
    tenants: { id: string; name: string; address: string; match_key: string | null };
  }>;
  let after = '';
  for (;;) {
    const page = await typed
      .selectFrom('tenants')
      .select(['id', 'name', 'address'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute();
    if (page.length === 0) return;
    for (const tenant of page) {
      await typed
        .updateTable('tenants')
        .set({ match_key: matchKeyOf(tenant.name, tenant.address) })
        .where('id', '=', tenant.id)
        .execute();
    }
    after = page[page.length - 1]!.id;
  }
}
