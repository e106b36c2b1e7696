import { type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The owing accounts by property (the address half of `match_key`), for an upload to notice a
 * new account beside one of another name at the same flat (accounts/same-property.ts). Partial:
 * only accounts that owe are looked for.
 */
export function propertyKey(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const key =
        engine === 'postgres'
          ? sql`split_part(match_key, '|', 2)`
          : sql`substr(match_key, instr(match_key, '|') + 1)`;
      await sql`create index tenants_owing_property on tenants (${key})
        where balance_pence > 0`.execute(db);
    },
  };
}
