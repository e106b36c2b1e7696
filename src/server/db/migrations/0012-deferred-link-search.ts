import { type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * SQLite: a new link's search text is indexed shortly after its insert rather than inside it
 * (decision 0007). Filling the trigram index was a third of a 50,000-row upload's write, done
 * while the upload held the database's only write lock.
 *
 * - payment_links_fts_pending lists the links whose text the trigram index does not hold yet; the
 *   insert trigger adds a link there instead of indexing it. drainLinkSearch (link-search.ts)
 *   indexes them in small transactions soon after an upload and in housekeeping.
 * - While a link is pending, a change to its text leaves the index alone (the drain indexes the
 *   text as it then is), and its deletion only takes it off the list.
 * - Searches match pending links by LIKE on their text, so a search finds a link from the moment
 *   it exists (list-payment-links.ts).
 *
 * PostgreSQL needs none of this: its GIN index already keeps new entries in a pending list
 * (fastupdate) and merges them in the background.
 */
export function deferredLinkSearch(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'sqlite') return;
      await sql`create table payment_links_fts_pending (link_rowid integer primary key)`.execute(
        db,
      );
      for (const name of [
        'payment_links_fts_insert',
        'payment_links_fts_update',
        'payment_links_fts_delete',
      ]) {
        await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
      }
      // A link inserted without its text gets it from payment_links_search_fill's update (0009),
      // which the update trigger below indexes at once: it is never pending, so never indexed twice.
      await sql`create trigger payment_links_fts_insert after insert on payment_links
        when new.search_text is not null begin
          insert into payment_links_fts_pending (link_rowid) values (new.rowid);
        end`.execute(db);
      await sql`create trigger payment_links_fts_update after update of search_text on payment_links
        when not exists (select 1 from payment_links_fts_pending where link_rowid = old.rowid)
        begin
          insert into payment_links_fts(payment_links_fts, rowid, search_text)
            select 'delete', old.rowid, old.search_text where old.search_text is not null;
          insert into payment_links_fts(rowid, search_text)
            select new.rowid, new.search_text where new.search_text is not null;
        end`.execute(db);
      await sql`create trigger payment_links_fts_delete after delete on payment_links begin
          insert into payment_links_fts(payment_links_fts, rowid, search_text)
            select 'delete', old.rowid, old.search_text
            where old.search_text is not null
              and not exists (select 1 from payment_links_fts_pending where link_rowid = old.rowid);
          delete from payment_links_fts_pending where link_rowid = old.rowid;
        end`.execute(db);
    },
  };
}
