import { type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * A message's rendered content moves out of `messages` into `message_contents`. The content is
 * written once and read rarely; the status is rewritten several times per message. SQLite
 * rewrites a whole record, overflow pages included, whenever a row's size changes, so every
 * status change of an email was rewriting its HTML: about four times the cost of the write.
 */
export function messageContents(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('message_contents')
        .addColumn('message_id', 'text', (c) => c.primaryKey().references('messages.id'))
        .addColumn('subject', 'text')
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('html', 'text')
        .execute();
      await sql`insert into message_contents (message_id, subject, body, html)
        select id, subject, body, html from messages`.execute(db);
      for (const column of ['subject', 'body', 'html']) {
        await db.schema.alterTable('messages').dropColumn(column).execute();
      }
    },
  };
}
