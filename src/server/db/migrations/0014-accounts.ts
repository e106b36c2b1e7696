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
      await mergeDuplicateAccounts(db);
      await closeOlderOpenLinks(db);
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

      await messageOccasions(db, engine);
      // A link may now be paid in parts: more than one successful payment each.
      await db.schema.dropIndex('payments_one_success_per_link').execute();
    },
  };
}

/**
 * Before accounts, every upload made a new leaseholder row, so one person re-uploaded had
 * several. They become one account (the newest row, which has the latest contact details) with
 * all their links, so their balance is counted once.
 */
async function mergeDuplicateAccounts(db: Kysely<unknown>) {
  const { rows } = await sql<{ match_key: string }>`
    select match_key from tenants group by match_key having count(*) > 1`.execute(db);
  for (const { match_key } of rows) {
    const { rows: ids } = await sql<{ id: string }>`
      select id from tenants where match_key = ${match_key} order by created_at desc, id desc`.execute(
      db,
    );
    const [survivor, ...others] = ids.map((row) => row.id);
    for (const other of others) {
      await sql`update payment_links set tenant_id = ${survivor} where tenant_id = ${other}`.execute(
        db,
      );
      await sql`delete from tenants where id = ${other}`.execute(db);
    }
  }
}

/** One open link per account: an older pending link is replaced by the account's newest one. */
async function closeOlderOpenLinks(db: Kysely<unknown>) {
  await sql`update payment_links set status = 'expired', closed_reason = 'replaced',
      closed_at = created_at,
      replaced_by = (select n.id from payment_links n
        where n.tenant_id = payment_links.tenant_id and n.status = 'pending'
          and n.replaced_by is null and n.processing_since is null
        order by n.created_at desc, n.id desc limit 1)
    where status = 'pending' and replaced_by is null and processing_since is null
      and id <> (select n.id from payment_links n
        where n.tenant_id = payment_links.tenant_id and n.status = 'pending'
          and n.replaced_by is null and n.processing_since is null
        order by n.created_at desc, n.id desc limit 1)`.execute(db);
}

/**
 * A message is unique per link, kind, channel and occasion: a link part-paid twice gets two
 * confirmations, and a link sent again on request a second payment-link message. SQLite cannot
 * drop a table's unique constraint, so the table is rebuilt (its documented procedure, with
 * foreign keys off: migrations on SQLite run outside a transaction).
 */
async function messageOccasions(db: Kysely<unknown>, engine: Engine) {
  if (engine === 'postgres') {
    await sql`alter table messages add column occasion text not null default ''`.execute(db);
    await sql`alter table messages drop constraint messages_link_kind_channel`.execute(db);
    await sql`alter table messages add constraint messages_link_kind_channel_occasion
      unique (link_id, kind, channel, occasion)`.execute(db);
    return;
  }
  const { rows: indexes } = await sql<{ sql: string }>`select sql from sqlite_master
    where type = 'index' and tbl_name = 'messages' and sql is not null`.execute(db);
  await sql`pragma foreign_keys = off`.execute(db);
  await sql`create table messages_new (
      id text primary key, link_id text not null references payment_links (id),
      kind text not null, channel text not null, recipient text not null, status text not null,
      provider_id text, error text, created_at bigint not null, updated_at bigint not null,
      occasion text not null default '',
      constraint messages_link_kind_channel_occasion unique (link_id, kind, channel, occasion))`.execute(
    db,
  );
  await sql`insert into messages_new (id, link_id, kind, channel, recipient, status, provider_id,
      error, created_at, updated_at)
    select id, link_id, kind, channel, recipient, status, provider_id, error, created_at,
      updated_at from messages`.execute(db);
  await sql`drop table messages`.execute(db);
  await sql`alter table messages_new rename to messages`.execute(db);
  for (const index of indexes) await sql.raw(index.sql).execute(db);
  await sql`pragma foreign_keys = on`.execute(db);
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
