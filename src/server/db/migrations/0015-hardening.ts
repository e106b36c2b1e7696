import { type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Issue 30. `channel_pace`: one row per sending channel, shared by every worker, holding the
 * next free send slot and a pause a provider asked for. `upload_batches.owner`: the process
 * writing a batch, so a batch left 'processing' by a process that has died can be told from
 * one still being written; `heartbeat_at`, written by that process while it writes.
 */
export function hardening(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('channel_pace')
        .addColumn('channel', 'text', (c) => c.primaryKey())
        .addColumn('next_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('paused_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`insert into channel_pace (channel) values ('email'), ('whatsapp'), ('sms')`.execute(
        db,
      );
      await db.schema.alterTable('upload_batches').addColumn('owner', 'text').execute();
      await db.schema.alterTable('upload_batches').addColumn('heartbeat_at', 'bigint').execute();
    },
  };
}
