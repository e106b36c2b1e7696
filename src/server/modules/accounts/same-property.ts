import { sql } from 'kysely';
import type { SameFlatAccount } from '../../../shared/leaseholders.js';
import { formatPence } from '../../../shared/money.js';
import type { RowWarning } from '../../../shared/upload.js';
import type { AppContext } from '../../context.js';
import type { Engine } from '../../db/engine.js';
import type { ValidRow } from '../uploads/validate-rows.js';

/** A new account's row, and an owing account of another name at the same property. */
export interface SamePropertyAccount {
  row: number;
  name: string;
  account: { id: string; name: string; balance_pence: number };
}

/** The name half of matchKeyOf's `name|address`, as migration 0031's index reads it. */
export function nameKeySql(engine: Engine) {
  return engine === 'postgres'
    ? sql<string>`split_part(match_key, '|', 1)`
    : sql<string>`substr(match_key, 1, instr(match_key, '|') - 1)`;
}

/** The property half of matchKeyOf's `name|address`, as migration 0028's index reads it. */
export function propertyKeySql(engine: Engine, matchKey = 'match_key') {
  const column = sql.ref(matchKey);
  return engine === 'postgres'
    ? sql<string>`split_part(${column}, '|', 2)`
    : sql<string>`substr(${column}, instr(${column}, '|') + 1)`;
}

function propertyKeyOf(matchKey: string): string {
  return matchKey.slice(matchKey.indexOf('|') + 1);
}

/** The accounts that owe at the properties `keys`, read through migration 0028's index. */
function owingAt(ctx: AppContext, keys: readonly string[]) {
  const propertyKey = propertyKeySql(ctx.engine);
  return (
    ctx.db
      .selectFrom('tenants')
      .select(['id', 'name', 'balance_pence', propertyKey.as('property_key')])
      // A literal, as the partial index's own condition is, so that the index serves the query.
      .where('balance_pence', '>', sql.lit(0))
      .where(propertyKey, 'in', keys)
      .where('erased_at', 'is', null)
  );
}

/**
 * The owing accounts at the properties of rows about to become new accounts, when those rows
 * have no Account Reference: a name written another way ("Mrs E Hughes", then "Edith Hughes")
 * makes a second account, and both would ask for the balance. With references, the agent's
 * ledger says which account is which. Accounts this upload has named already are not asked
 * for: they were on the sheet when it started (`last_sheet_at`).
 */
export async function samePropertyAccounts(
  ctx: AppContext,
  batchId: string,
  fresh: readonly ValidRow[],
): Promise<SamePropertyAccount[]> {
  const bare = fresh.filter((row) => row.referenceKey === null);
  const keys = [...new Set(bare.map((row) => propertyKeyOf(row.matchKey)))].filter(Boolean);
  if (keys.length === 0) return [];
  const owing = await owingAt(ctx, keys)
    .where((eb) =>
      eb.or([
        eb('last_sheet_at', 'is', null),
        eb(
          'last_sheet_at',
          '<',
          eb.selectFrom('upload_batches').select('created_at').where('id', '=', batchId),
        ),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const atProperty = new Map<string, SamePropertyAccount['account'][]>();
  for (const { property_key: key, ...account } of owing) {
    atProperty.set(key, [...(atProperty.get(key) ?? []), account]);
  }
  return bare.flatMap((row) =>
    (atProperty.get(propertyKeyOf(row.matchKey)) ?? []).map((account) => ({
      row: row.row,
      name: row.name,
      account,
    })),
  );
}

/**
 * The other accounts that owe at an owing account's property, for its page: a duplicate to
 * settle, or a joint leaseholder. None for an account that owes nothing.
 */
export async function owingAtSameFlat(
  ctx: AppContext,
  account: { id: string; match_key: string; balance_pence: number; erased_at: number | null },
): Promise<SameFlatAccount[]> {
  const key = propertyKeyOf(account.match_key);
  if (account.balance_pence <= 0 || account.erased_at !== null || key === '') return [];
  const others = await owingAt(ctx, [key])
    .where('id', '<>', account.id)
    .orderBy('created_at')
    .limit(5)
    .execute();
  return others.map((other) => ({
    id: other.id,
    name: other.name,
    balancePence: other.balance_pence,
  }));
}

/**
 * A note for each row beside such accounts that no row of the upload named (`taken`: the accounts
 * the upload's rows found or made). Named on another row, it is a second leaseholder of the flat.
 */
export function samePropertyNotes(
  found: readonly SamePropertyAccount[],
  taken: ReadonlyMap<string, number>,
): RowWarning[] {
  const byRow = new Map<number, SamePropertyAccount[]>();
  for (const one of found) {
    if (!taken.has(one.account.id)) byRow.set(one.row, [...(byRow.get(one.row) ?? []), one]);
  }
  return [...byRow.values()].map(([first, ...more]) => {
    const { row, name, account } = first!;
    const owes = formatPence(account.balance_pence);
    return {
      row,
      field: 'Tenant Name',
      message:
        more.length === 0
          ? `Same property as ${account.name}, who owes ${owes} and is not on this sheet: ${name} was made as a new account. If they are one leaseholder named another way, before sending: correct ${account.name}'s balance to £0.00 as a duplicate, so that only this account asks.`
          : `Same property as ${account.name} (owes ${owes}) and ${more.length} other ${more.length === 1 ? 'account' : 'accounts'} owing there, none on this sheet: ${name} was made as a new account. If one of them is this leaseholder named another way, before sending: correct its balance to £0.00 as a duplicate, so that only this account asks.`,
    };
  });
}
