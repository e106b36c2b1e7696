import { type Kysely, sql } from 'kysely';
import { matchKeyOf } from '../../modules/accounts/account-keys.js';
import type { Engine } from '../engine.js';

const PAGE = 1_000;

/**
 * Accounts' `match_key` again, by account-keys.ts as it is now; run once more each time matchKeyOf
 * learns to see two writings as one: here, a name's titles and word order ("Mrs Margaret Hughes"
 * made before finds "HUGHES, Margaret" next month). Erased accounts keep the key that matches nothing. Accounts that now share a key are left
 * apart: which of them is the leaseholder's is for staff to say, and an upload row finds the
 * newest, as before.
 */
export function nameKeys(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const typed = db as Kysely<{
        tenants: {
          id: string;
          name: string;
          address: string;
          match_key: string;
          erased_at: number | null;
        };
      }>;
      let after = '';
      for (;;) {
        const page = await typed
          .selectFrom('tenants')
          .select(['id', 'name', 'address', 'match_key'])
          .where('erased_at', 'is', null)
          .where('id', '>', after)
          .orderBy('id')
          .limit(PAGE)
          .execute();
        if (page.length === 0) return;
        const changed = page.flatMap((tenant) => {
          const key = matchKeyOf(tenant.name, tenant.address);
          return key === tenant.match_key ? [] : [{ id: tenant.id, key }];
        });
        if (changed.length > 0) {
          await typed
            .updateTable('tenants')
            .set({
              match_key: sql<string>`case id ${sql.join(
                changed.map(({ id, key }) => sql`when ${id} then ${key}`),
                sql` `,
              )} end`,
            })
            .where(
              'id',
              'in',
              changed.map(({ id }) => id),
            )
            .execute();
        }
        after = page[page.length - 1]!.id;
      }
    },
  };
}
