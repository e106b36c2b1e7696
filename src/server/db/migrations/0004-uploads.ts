import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Upload batches (spec section 3) and what an upload learns about a phone number: a landline is
 * kept for the record but never sent WhatsApp or SMS.
 */
export function uploads(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('upload_batches')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('filename', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('total_records', 'integer', (c) => c.notNull())
        .addColumn('successful_records', 'integer', (c) => c.notNull())
        .addColumn('failed_records', 'integer', (c) => c.notNull())
        .addColumn('error_log', 'text', (c) => c.notNull())
        .addColumn('errors', 'text', (c) => c.notNull())
        // sha256 of the file and the day it came: the same file twice in a day is one batch.
        .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .addColumn('notifications_sent_at', 'bigint')
        .addColumn('total_sent', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('tenants').addColumn('phone_kind', 'text').execute();
      // The spreadsheet row a link came from: previews and reports follow the file's order.
      await db.schema.alterTable('payment_links').addColumn('batch_row', 'integer').execute();
    },
  };
}
