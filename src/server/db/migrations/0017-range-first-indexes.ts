import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * PostgreSQL: the dashboard's partial indexes (migrations 0010, 0016) lead with the time the
 * count ranges over. Their status column is the same in every entry (or one of three), and
 * PostgreSQL drops a test the index's predicate already implies, so with status first it read
 * every entry of the index to find the last 30 days. SQLite keeps status first: its planner
 * counts from such an index only when it holds every column the query tests.
 * Both engines: `payment_links_tenant_id` goes, as `payment_links_tenant` leads with the same
 * column and serves every lookup (and foreign-key check) it did.
 */
export function rangeFirstIndexes(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('payment_links_tenant_id').ifExists().execute();
      if (engine !== 'postgres') return;
      const partial = async (name: string, column: string, where: string) => {
        await db.schema.dropIndex(name).execute();
        await db.schema
          .createIndex(name)
          .on('payment_links')
          .column(column)
          .where(sql.raw<SqlBool>(where))
          .execute();
      };
      await partial(
        'payment_links_open',
        'expires_at',
        `status = 'pending' and processing_since is null`,
      );
      await partial(
        'payment_links_lapsed',
        'expires_at',
        `status in ('pending', 'expired', 'failed') and replaced_by is null and processing_since is null and closed_reason is null`,
      );
      await partial(
        'payment_links_paid_recent',
        'paid_at',
        `status = 'paid' and replaced_by is null`,
      );
    },
  };
}
