import { type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Leaseholders, payment links, messages and the jobs outbox (ARCHITECTURE sections 3 to 5).
 * The upload issue adds upload batches; payment_links.batch_id is ready for it.
 */
export function messaging(engine: Engine) {
  const serial =
    engine === 'postgres' ? sql`bigserial primary key` : sql`integer primary key autoincrement`;

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tenants')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('phone', 'text')
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('payment_links')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('batch_id', 'text')
        .addColumn('amount_pence', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('paid_at', 'bigint')
        .addColumn('replaced_by', 'text')
        .execute();
      for (const column of ['tenant_id', 'batch_id', 'status', 'expires_at', 'created_at']) {
        await db.schema
          .createIndex(`payment_links_${column}`)
          .on('payment_links')
          .column(column)
          .execute();
      }

      await db.schema
        .createTable('templates')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('link_id', 'text', (c) => c.notNull().references('payment_links.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('subject', 'text')
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('html', 'text')
        .addColumn('provider_id', 'text')
        .addColumn('error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('messages_link_kind_channel', ['link_id', 'kind', 'channel'])
        .execute();
      await db.schema
        .createIndex('messages_provider_id')
        .on('messages')
        .column('provider_id')
        .execute();
      await db.schema.createIndex('messages_status').on('messages').column('status').execute();
      await db.schema
        .createIndex('messages_created_at')
        .on('messages')
        .column('created_at')
        .execute();

      await db.schema
        .createTable('message_events')
        .addColumn('id', serial)
        .addColumn('message_id', 'text', (c) => c.notNull().references('messages.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('detail', 'text')
        .execute();
      await db.schema
        .createIndex('message_events_message_id')
        .on('message_events')
        .column('message_id')
        .execute();

      await db.schema
        .createTable('jobs')
        .addColumn('id', serial)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('run_at', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (c) => c.notNull())
        .addColumn('locked_until', 'bigint')
        .addColumn('locked_by', 'text')
        .addColumn('last_error', 'text')
        .addColumn('idempotency_key', 'text', (c) => c.unique())
        .addColumn('cancel_key', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();
      await db.schema.createIndex('jobs_cancel_key').on('jobs').column('cancel_key').execute();
    },
  };
}
