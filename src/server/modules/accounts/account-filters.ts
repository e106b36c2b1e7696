import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { type LeaseholderListQuery, OFF_SHEETS_DAYS } from '../../../shared/leaseholders.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { holdsText, isTermInMoreLinks, tenantsMatching } from '../payment-links/link-search.js';
import { hasOpenLink } from '../payment-links/link-state.js';
import { TOTAL_CAP } from '../payment-links/list-payment-links.js';
import { addressKey, referenceKeyOf } from './account-keys.js';
import { propertyKeySql } from './same-property.js';

const DAY_MS = 24 * 3_600_000;
/** A message that reached the leaseholder's phone or inbox (captured counts in demo mode). */
const REACHED = ['sent', 'delivered', 'read', 'captured'] as const;
/** A message that was tried and did not reach them. */
const UNREACHED = ['failed', 'undelivered'] as const;

type Filters = Pick<LeaseholderListQuery, 'search' | 'status'>;

/**
 * Whether the term is in more links than the count goes to (TOTAL_CAP): how matchesSearch runs
 * it. Such a term is tested against each account in the page's order: the page fills quickly and
 * the count stops at its cap. A rarer one is looked up as a list of ids, which reads only what it
 * finds, where testing every account would read them all to count.
 */
export function isCommonTerm(ctx: AppContext, search: string | undefined): Promise<boolean> {
  return search ? isTermInMoreLinks(ctx, search, TOTAL_CAP) : Promise.resolve(false);
}

/**
 * A term that reads as a numbered address ('3 Riverside Ct', 'Riverside Court Flat 3'), as the
 * property half of an account's key (account-keys.ts addressKey): whole words, so that
 * 'Flat 3, Riverside Court, London SE1 9AA' is found and 'Flat 13' is not. As written, the term
 * would miss it by a comma, a 'Flat' or an abbreviation.
 */
function addressTerm(ctx: AppContext, search: string) {
  const key = addressKey(search);
  const words = key.split(' ');
  const isAddress =
    words.length >= 2 && words.some((word) => /\d/.test(word)) && /\p{L}{2}/u.test(key);
  if (!isAddress) return null;
  // The key holds letters, digits and single spaces only: no LIKE wildcard to escape.
  const property = propertyKeySql(ctx.engine, 'tenants.match_key');
  return sql<SqlBool>`(' ' || ${property} || ' ') like ${`% ${key} %`}`;
}

/**
 * What a search looks in: the name, email and address (search_text), the Account Reference when
 * the term has a digit (as references do), the address as the account's key has it when the term
 * reads as one (addressTerm), and a phone number as digits, so '07911 123456' finds
 * +447911123456. A term of 3 or more characters in few links is found through the links' trigram
 * index (link-search.ts) and a whole phone number through the phone index, as one list of ids, so
 * finding someone reads the accounts it finds, not every account; only a reference, an address
 * or part of a phone number is looked for in every account. A short or common term matches many:
 * the page is then read in its order, testing each account until it is full.
 */
function matchesSearch(
  ctx: AppContext,
  eb: ExpressionBuilder<Database, 'tenants'>,
  search: string,
  isCommon: boolean,
) {
  const typed = search.replace(/\D/g, '');
  const digits = typed.replace(/^(44|0)/, '');
  const isPhone = digits.length >= 4 && /^[\d\s()+-]+$/.test(search);
  const isWholePhone = isPhone && digits.length >= 10;
  const reference = referenceKeyOf(search);
  const byReference = reference && /\d/.test(reference) && !isWholePhone ? reference : null;
  const address = addressTerm(ctx, search);
  const text = isCommon ? null : tenantsMatching(ctx, search);
  if (!text) {
    const conditions: Expression<SqlBool>[] = [
      holdsText('tenants.search_text', search.toLowerCase()),
    ];
    if (byReference) conditions.push(eb('tenants.reference_key', 'like', `%${byReference}%`));
    if (address) conditions.push(address);
    if (isPhone) conditions.push(eb('tenants.phone', 'like', `%${digits}%`));
    return eb.or(conditions);
  }
  const parts = [text];
  if (byReference) {
    parts.push(sql`select id from tenants where reference_key like ${`%${byReference}%`}`);
  }
  if (address) parts.push(sql`select id from tenants where ${address}`);
  if (isWholePhone) {
    // UK without its 0 or 44, or as typed with its country code.
    parts.push(sql`select id from tenants where phone in (${`+44${digits}`}, ${`+${typed}`})`);
  } else if (isPhone) {
    parts.push(sql`select id from tenants where phone like ${`%${digits}%`}`);
  }
  return sql<SqlBool>`tenants.id in (${sql.join(parts, sql` union all `)})`;
}

/** Accounts owing that no upload named since this time are not on recent sheets. */
export function offSheetsBefore(now: number): number {
  return now - OFF_SHEETS_DAYS * DAY_MS;
}

/**
 * Owing beside another owing account at its property (the address half of its match key): one
 * leaseholder named two ways by two sheets would be asked twice.
 */
export function sharesFlat(ctx: AppContext) {
  return (eb: ExpressionBuilder<Database, 'tenants'>) =>
    eb(propertyKeySql(ctx.engine, 'tenants.match_key'), 'in', (inner) => {
      const key = propertyKeySql(ctx.engine, 'other.match_key');
      return inner
        .selectFrom('tenants as other')
        .select(key.as('key'))
        .where('other.balance_pence', '>', sql.lit(0))
        .where('other.erased_at', 'is', null)
        .groupBy(key)
        .having((having) => having.fn.countAll(), '>', 1);
    });
}

/** Accounts the filters keep, as a query to select from. */
export function filteredAccounts(ctx: AppContext, filters: Filters, isCommon: boolean) {
  const now = ctx.clock.now();
  let query = ctx.db.selectFrom('tenants');
  if (filters.search) {
    const search = filters.search;
    query = query.where((eb) => matchesSearch(ctx, eb, search, isCommon));
  }
  switch (filters.status) {
    case 'owing':
      return query.where('tenants.balance_pence', '>', 0);
    case 'in_credit':
      return query.where('tenants.balance_pence', '<', 0);
    case 'settled':
      return query.where('tenants.balance_pence', '=', 0);
    case 'on_hold':
      return query.where('tenants.hold_until', '>', now);
    case 'off_sheets':
      return query
        .where('tenants.balance_pence', '>', 0)
        .where('tenants.last_sheet_at', '<', offSheetsBefore(now));
    case 'same_flat':
      return query
        .where('tenants.balance_pence', '>', sql.lit(0))
        .where('tenants.erased_at', 'is', null)
        .where(sharesFlat(ctx));
    case 'no_link':
      return query
        .where('tenants.balance_pence', '>', 0)
        .where('tenants.erased_at', 'is', null)
        .where((eb) => eb.not(hasOpenLink(now)(eb)));
    case 'texts_stopped':
      // Their mobile replied STOP: few numbers, each found by the phone index.
      return query
        .where('tenants.erased_at', 'is', null)
        .where('tenants.phone', 'in', (eb) => eb.selectFrom('text_opt_outs').select('phone'));
    case 'unreachable':
      // Asked to pay, and no message ever reached them on any channel: a message failed, and
      // none went. Found from the failed messages (few, by their status index), not by testing
      // every account.
      return query
        .where('tenants.id', 'in', (eb) =>
          eb
            .selectFrom('messages')
            .innerJoin('payment_links', 'payment_links.id', 'messages.link_id')
            .select('payment_links.tenant_id')
            .where('messages.status', 'in', UNREACHED),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('messages')
                .innerJoin('payment_links', 'payment_links.id', 'messages.link_id')
                .select('messages.id')
                .whereRef('payment_links.tenant_id', '=', 'tenants.id')
                .where('messages.status', 'in', REACHED),
            ),
          ),
        );
    default:
      return query;
  }
}
