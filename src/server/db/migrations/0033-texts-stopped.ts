import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Numbers that replied STOP (`text_opt_outs`, one row a number, E.164): no WhatsApp or text goes
 * to them until they reply START. Leaseholders' replies are lines of their accounts' histories
 * (kind 'reply', and 'texts_stopped' for a STOP); the dashboard lists those no one has read
 * (`read_at`) by the index, beside replies from numbers on no account (`unmatched_replies`).
 */
export function textsStopped(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('text_opt_outs')
        .addColumn('phone', 'text', (c) => c.primaryKey())
        .addColumn('stopped_at', 'bigint', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('account_events').addColumn('read_at', 'bigint').execute();
      await db.schema
        .createIndex('account_events_unread_replies')
        .on('account_events')
        .column('at')
        .where(sql.raw<SqlBool>(`kind in ('reply', 'texts_stopped') and read_at is null`))
        .execute();
      // A reply from a number on no account: kept for staff to place, never lost.
      await db.schema
        .createTable('unmatched_replies')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .addColumn('read_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('unmatched_replies_received')
        .on('unmatched_replies')
        .column('received_at')
        .execute();
      // Retention finds the replies that have come of age by this (what they said is removed).
      await db.schema
        .createIndex('account_events_replies')
        .on('account_events')
        .column('at')
        .where(sql.raw<SqlBool>(`kind = 'reply'`))
        .execute();
    },
  };
}
