import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Joint leaseholders' other email addresses (`tenants.other_emails`, ', '-separated), and the
 * addresses each email message was copied to (`messages.cc`), kept as they were when it was queued.
 */
export function jointEmails(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('tenants').addColumn('other_emails', 'text').execute();
      await db.schema.alterTable('messages').addColumn('cc', 'text').execute();
    },
  };
}
