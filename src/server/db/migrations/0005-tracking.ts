import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Indexes for Payment Status and the dashboard (issue 5: 100,000 links, p95 under 50 ms): the
 * status-and-expiry conditions of the figures and alerts, paid-in-window counts, and the list's
 * default order (newest first) and amount order.
 */
export function tracking(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('payment_links_status_expires')
        .on('payment_links')
        .columns(['status', 'expires_at'])
        .execute();
      await db.schema
        .createIndex('payment_links_status_paid')
        .on('payment_links')
        .columns(['status', 'paid_at'])
        .execute();
      await db.schema
        .createIndex('payment_links_created_order')
        .on('payment_links')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('payment_links_amount_order')
        .on('payment_links')
        .columns(['amount_pence', 'id'])
        .execute();
    },
  };
}
