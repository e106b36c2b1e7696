import { type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Payments (ARCHITECTURE section 3) and what a link needs to follow a payment through: when the
 * leaseholder first opened it, when an asynchronous payment (Bacs, open banking) started
 * settling, and why a payment failed.
 */
export function payments(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('payments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('link_id', 'text', (c) => c.notNull().references('payment_links.id'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_ref', 'text', (c) => c.notNull().unique())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('amount_pence', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('failure_reason', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('paid_at', 'bigint')
        .execute();
      await db.schema.createIndex('payments_link_id').on('payments').column('link_id').execute();
      await db.schema.createIndex('payments_paid_at').on('payments').column('paid_at').execute();
      // One successful payment per link, whatever the provider says twice.
      await db.schema
        .createIndex('payments_one_success_per_link')
        .on('payments')
        .column('link_id')
        .unique()
        .where(sql<boolean>`status = 'succeeded'`)
        .execute();

      await db.schema.alterTable('payment_links').addColumn('opened_at', 'bigint').execute();
      await db.schema.alterTable('payment_links').addColumn('processing_since', 'bigint').execute();
      await db.schema.alterTable('payment_links').addColumn('failure_reason', 'text').execute();
    },
  };
}
