import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * `message_contents.variables`: a WhatsApp message's placeholder values (JSON), kept as rendered
 * so an approved template (Twilio Content API) is filled with what the message log shows.
 */
export function whatsappVariables(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('message_contents').addColumn('variables', 'text').execute();
    },
  };
}
