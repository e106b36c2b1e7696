import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * `chases`: one row per "Chase everyone owing", worked through by a job a slice at a time
 * (accounts/chase-owing.ts), so a chase of any size survives a restart and staff can watch it.
 * A row per press: no index beyond the key is worth its upkeep.
 */
export function chases(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('chases')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('started_at', 'bigint', (col) => col.notNull())
        .addColumn('sends_at', 'bigint', (col) => col.notNull())
        .addColumn('planned', 'integer', (col) => col.notNull())
        .addColumn('sent', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('owed_pence', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('after_id', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('finished_at', 'bigint')
        .execute();
    },
  };
}
