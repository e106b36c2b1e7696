import { type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Accounts by name (the name half of `match_key`), for an upload row whose address another
 * system writes without the town to find its account (accounts/shorter-address.ts).
 */
export function nameKey(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const key =
        engine === 'postgres'
          ? sql`split_part(match_key, '|', 1)`
          : sql`substr(match_key, 1, instr(match_key, '|') - 1)`;
      await sql`create index tenants_name_key on tenants (${key})`.execute(db);
    },
  };
}
