import { type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Payment Status at 100,000 links (issue 5: p95 under 50 ms) without joins in the hot path:
 *
 * - payment_links.search_text: the leaseholder's search text (tenants.search_text: name, email
 *   and address lower-cased), copied onto each link by the database itself (a trigger fills it
 *   when an insert leaves it null, and a leaseholder's change is copied to their links), so a
 *   search, its count and the name sort read one table.
 * - Search index: on SQLite an FTS5 trigram table over that column (a search of 3 or more
 *   characters is a phrase of trigrams, which is exactly a substring match); on PostgreSQL a
 *   pg_trgm GIN index when the extension can be had (else the search scans, correct but slower).
 *   The trigram index on tenants is dropped: nothing searches that table any more.
 * - Sort indexes: name order (the first 100 characters of the search text, which begins with
 *   the lower-cased name; byte order on both engines), status order (status, newest first), and
 *   expiry order. Indexes that are prefixes of these or of 0005's are dropped.
 */
export function linkSearch(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('payment_links').addColumn('search_text', 'text').execute();
      await sql`update payment_links set search_text =
        (select search_text from tenants where tenants.id = payment_links.tenant_id)`.execute(db);

      for (const name of [
        'payment_links_status',
        'payment_links_expires_at',
        'payment_links_created_at',
      ]) {
        await db.schema.dropIndex(name).ifExists().execute();
      }
      await db.schema
        .createIndex('payment_links_status_order')
        .on('payment_links')
        .columns(['status', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('payment_links_expiry_order')
        .on('payment_links')
        .columns(['expires_at', 'id'])
        .execute();
      const nameKey =
        engine === 'postgres'
          ? sql`(substr(search_text, 1, 100) collate "C"), id`
          : sql`substr(search_text, 1, 100), id`;
      await sql`create index payment_links_name_order on payment_links (${nameKey})`.execute(db);

      if (engine === 'postgres') await postgresSearch(db);
      else await sqliteSearch(db);
    },
  };
}

async function sqliteSearch(db: Kysely<unknown>) {
  await sql`create trigger payment_links_search_fill after insert on payment_links
    when new.search_text is null begin
      update payment_links set search_text =
        (select search_text from tenants where tenants.id = new.tenant_id)
      where rowid = new.rowid;
    end`.execute(db);
  await sql`create trigger tenants_search_copy after update of search_text on tenants begin
      update payment_links set search_text = new.search_text where tenant_id = new.id;
    end`.execute(db);

  // External-content FTS5 over payment_links.search_text, kept in step by triggers. Text is
  // already lower-cased (tenantSearchText), so the tokenizer compares exactly.
  await sql`create virtual table payment_links_fts using fts5(search_text,
    content='payment_links', content_rowid='rowid', tokenize='trigram case_sensitive 1')`.execute(
    db,
  );
  await sql`insert into payment_links_fts(payment_links_fts) values('rebuild')`.execute(db);
  await sql`create trigger payment_links_fts_insert after insert on payment_links
    when new.search_text is not null begin
      insert into payment_links_fts(rowid, search_text) values (new.rowid, new.search_text);
    end`.execute(db);
  await sql`create trigger payment_links_fts_update after update of search_text on payment_links
    begin
      insert into payment_links_fts(payment_links_fts, rowid, search_text)
        select 'delete', old.rowid, old.search_text where old.search_text is not null;
      insert into payment_links_fts(rowid, search_text)
        select new.rowid, new.search_text where new.search_text is not null;
    end`.execute(db);
  await sql`create trigger payment_links_fts_delete after delete on payment_links
    when old.search_text is not null begin
      insert into payment_links_fts(payment_links_fts, rowid, search_text)
        values ('delete', old.rowid, old.search_text);
    end`.execute(db);
}

async function postgresSearch(db: Kysely<unknown>) {
  await sql`create function payment_links_search_fill() returns trigger language plpgsql as $$
    begin
      if new.search_text is null then
        select search_text into new.search_text from tenants where tenants.id = new.tenant_id;
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger payment_links_search_fill before insert on payment_links
    for each row execute function payment_links_search_fill()`.execute(db);
  await sql`create function tenants_search_copy() returns trigger language plpgsql as $$
    begin
      update payment_links set search_text = new.search_text where tenant_id = new.id;
      return new;
    end $$`.execute(db);
  await sql`create trigger tenants_search_copy after update of search_text on tenants
    for each row execute function tenants_search_copy()`.execute(db);

  await sql`drop index if exists tenants_search_trgm`.execute(db);
  const available = await sql<{ name: string }>`
    select name from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (available.rows.length === 0) return;
  // Migrations run in a transaction: a refused statement must not abort it.
  await sql`savepoint pg_trgm`.execute(db);
  try {
    // In public, not this schema: the extension is one per database, and must outlive a schema
    // that is dropped (each test file has its own).
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
    await sql`release savepoint pg_trgm`.execute(db);
  } catch {
    // No right to create extensions here: searches scan, which is correct, only slower.
    await sql`rollback to savepoint pg_trgm`.execute(db);
  }
  // The extension may live in another schema than this one (it is one per database): name its
  // operator class with that schema.
  const installed = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e
    join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const schema = installed.rows[0]?.schema;
  if (!schema) return;
  await sql`create index payment_links_search_trgm on payment_links
    using gin (search_text ${sql.id(schema, 'gin_trgm_ops')})`.execute(db);
}
