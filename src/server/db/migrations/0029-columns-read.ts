import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/** `upload_batches.columns_read`: which headings each column was read from (JSON ColumnsRead). */
export function columnsRead(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('upload_batches').addColumn('columns_read', 'text').execute();
    },
  };
}
