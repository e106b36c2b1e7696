import { type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.js';

export function foundation(engine: Engine) {
  // An auto-increment key is the one column type the two engines spell differently.
  const serial =
    engine === 'postgres' ? sql`bigserial primary key` : sql`integer primary key autoincrement`;

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sessions_expires_at')
        .on('sessions')
        .column('expires_at')
        .execute();

      await db.schema
        .createTable('callback_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('phone_number', 'text', (c) => c.notNull())
        .addColumn('phone_input', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('handled_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('callback_requests_created_at')
        .on('callback_requests')
        .column('created_at')
        .execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', serial)
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('subject', 'text')
        .addColumn('details', 'text')
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();

      await db.schema
        .createTable('rate_limit_events')
        .addColumn('id', serial)
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('rate_limit_events_lookup')
        .on('rate_limit_events')
        .columns(['bucket', 'key', 'at'])
        .execute();
      await db.schema
        .createIndex('rate_limit_events_at')
        .on('rate_limit_events')
        .column('at')
        .execute();
    },
  };
}
