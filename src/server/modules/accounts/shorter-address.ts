import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { TenantsTable } from '../../db/schema.js';
import type { ValidRow } from '../uploads/validate-rows.js';
import { endsDiffer } from './account-keys.js';
import { nameKeySql } from './same-property.js';

type Account = Selectable<TenantsTable>;

function halvesOf(matchKey: string): [string, string[]] {
  const bar = matchKey.indexOf('|');
  return [matchKey.slice(0, bar), matchKey.slice(bar + 1).split(' ')];
}

/**
 * The accounts of rows that found none by their keys, by name and an address one system writes
 * with its town and another without: the one account of that name whose address is the row's
 * with words added or left off at the end. Two such accounts are two people: the row finds
 * neither.
 */
export async function accountsByShorterAddress(
  ctx: AppContext,
  rows: readonly ValidRow[],
): Promise<Map<ValidRow, Account>> {
  const found = new Map<ValidRow, Account>();
  const lost = rows.filter((row) => row.matchKey !== '');
  if (lost.length === 0) return found;
  const nameKey = nameKeySql(ctx.engine);
  const names = [...new Set(lost.map((row) => halvesOf(row.matchKey)[0]))];
  const candidates = await ctx.db
    .selectFrom('tenants')
    .selectAll()
    .where(nameKey, 'in', names)
    .where('erased_at', 'is', null)
    .$if(ctx.engine === 'postgres', (query) => query.forUpdate())
    .execute();
  const byName = new Map<string, Account[]>();
  for (const account of candidates) {
    const [name] = halvesOf(account.match_key);
    byName.set(name, [...(byName.get(name) ?? []), account]);
  }
  for (const row of lost) {
    const [name, address] = halvesOf(row.matchKey);
    const near = (byName.get(name) ?? []).filter((account) =>
      endsDiffer(address, halvesOf(account.match_key)[1]),
    );
    if (near.length === 1) found.set(row, near[0]!);
  }
  return found;
}
