import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/** `upload_batches.sheet_name`: the workbook sheet a batch's rows were read from, when it had several. */
export function batchSheet(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('upload_batches').addColumn('sheet_name', 'text').execute();
    },
  };
}
