import { type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The Leaseholders list's sorts by name and by days owing, each an index's order, so a page of
 * a large estate reads its rows from the index instead of sorting every account; a search for a
 * whole phone number; and the accounts on hold, a few among many. PostgreSQL
 * scans an index backwards with its nulls first, so each direction of days owing (accounts not
 * owing last in both) has its own index there; SQLite serves both from one.
 */
export function accountListIndexes(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await sql`create index tenants_name on tenants (lower(name), id)`.execute(db);
      await sql`create index tenants_owing_since on tenants (owing_since, id)`.execute(db);
      await sql`create index tenants_phone on tenants (phone)`.execute(db);
      await sql`create index tenants_hold_until on tenants (hold_until)
        where hold_until is not null`.execute(db);
      if (engine === 'postgres') {
        await sql`create index tenants_owing_since_desc
          on tenants (owing_since desc nulls last, id desc)`.execute(db);
      }
    },
  };
}
