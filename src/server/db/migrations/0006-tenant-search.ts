import { type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * tenants.search_text: name, email and address lower-cased in one column (tenant-search-text.ts).
 * 0009 copies it onto each payment link and indexes it there.
 */
export function tenantSearch(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('tenants').addColumn('search_text', 'text').execute();
      await sql`update tenants set search_text = lower(name || ${'\n'} || coalesce(email, '') || ${'\n'} || address)`.execute(
        db,
      );
    },
  };
}
