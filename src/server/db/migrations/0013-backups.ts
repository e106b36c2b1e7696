import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The record of SQLite backups (modules/backups), and two indexes that let GET /metrics count
 * messages and payments by reading an index alone rather than every row.
 */
export function backups(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('backups')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('file', 'text', (c) => c.notNull())
        .addColumn('taken_by', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .addColumn('size_bytes', 'bigint')
        .addColumn('error', 'text')
        .execute();
      await db.schema
        .createIndex('backups_started_at')
        .on('backups')
        .column('started_at')
        .execute();
      await db.schema
        .createIndex('messages_channel_status')
        .on('messages')
        .columns(['channel', 'status'])
        .execute();
      await db.schema
        .createIndex('payments_method_status')
        .on('payments')
        .columns(['method', 'status'])
        .execute();
    },
  };
}
