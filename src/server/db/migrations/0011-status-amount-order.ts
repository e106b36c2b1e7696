import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Payment Status filtered by status and sorted by amount (issue 5's benchmark page): with this
 * index the page walks the status's links in amount order and stops after the page, instead of
 * sorting every match.
 */
export function statusAmountOrder(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('payment_links_status_amount_order')
        .on('payment_links')
        .columns(['status', 'amount_pence', 'id'])
        .execute();
    },
  };
}
