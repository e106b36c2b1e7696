import { type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * SQLite: statistics counted in full (refresh-statistics.ts), so the sampled ones made so far are
 * replaced once here; housekeeping counts again only when a table has grown tenfold.
 * Both engines: two indexes of payment_links go, each covered by others. Expiring, lapsed and
 * open links are found through the partial indexes of migrations 0010 and 0016; a status alone
 * through `payment_links_status_order`; paid links by when through `payment_links_paid_recent`.
 * With full statistics SQLite preferred (status, expires_at) to the covering lapsed index for the
 * dashboard and read the table for every link it counted.
 */
export function fullStatistics(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('payment_links_status_expires').execute();
      await db.schema.dropIndex('payment_links_status_paid').execute();
      if (engine === 'sqlite') await sql`analyze`.execute(db);
    },
  };
}
