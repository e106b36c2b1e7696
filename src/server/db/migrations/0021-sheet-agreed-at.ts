import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * `tenants.sheet_agreed_at`: when an upload's balance last became or matched the account's, after
 * payments; a later sheet may leave out only the payments made since (payments-left-out.ts).
 */
export function sheetAgreedAt(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('tenants').addColumn('sheet_agreed_at', 'bigint').execute();
    },
  };
}
