import {
  type Expression,
  type ExpressionBuilder,
  type Selectable,
  type SqlBool,
  sql,
} from 'kysely';
import {
  type LeaseholderItem,
  type LeaseholderListQuery,
  type LeaseholderPage,
  OFF_SHEETS_DAYS,
  type OpenLink,
} from '../../../shared/leaseholders.js';
import { penceToDecimalString } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import type { Database, TenantsTable } from '../../db/schema.js';
import { formatPhoneForDisplay } from '../callback-requests/phone-display.js';
import { paymentUrlOf } from '../messages/message-content.js';
import { holdsText, isTermInMoreLinks, tenantsMatching } from '../payment-links/link-search.js';
import { hasOpenLink } from '../payment-links/link-state.js';
import { TOTAL_CAP } from '../payment-links/list-payment-links.js';
import { referenceKeyOf } from './account-keys.js';

const DAY_MS = 24 * 3_600_000;
/** A message that reached the leaseholder's phone or inbox (captured counts in demo mode). */
const REACHED = ['sent', 'delivered', 'read', 'captured'] as const;
/** A message that was tried and did not reach them. */
const UNREACHED = ['failed', 'undelivered'] as const;

type Account = Selectable<TenantsTable>;
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
 * What a search looks in: the name, email and address (search_text), the Account Reference when
 * the term has a digit (as references do), and a phone number as digits, so '07911 123456' finds
 * +447911123456. A term of 3 or more characters in few links is found through the links' trigram
 * index (link-search.ts) and a whole phone number through the phone index, as one list of ids, so
 * finding someone reads the accounts it finds, not every account; only a reference or part of a
 * phone number is looked for in every account. A short or common term matches many: the page is
 * then read in its order, testing each account until it is full.
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
  const text = isCommon ? null : tenantsMatching(ctx, search);
  if (!text) {
    const conditions: Expression<SqlBool>[] = [
      holdsText('tenants.search_text', search.toLowerCase()),
    ];
    if (byReference) conditions.push(eb('tenants.reference_key', 'like', `%${byReference}%`));
    if (isPhone) conditions.push(eb('tenants.phone', 'like', `%${digits}%`));
    return eb.or(conditions);
  }
  const parts = [text];
  if (byReference) {
    parts.push(sql`select id from tenants where reference_key like ${`%${byReference}%`}`);
  }
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
    case 'no_link':
      return query
        .where('tenants.balance_pence', '>', 0)
        .where('tenants.erased_at', 'is', null)
        .where((eb) => eb.not(hasOpenLink(now)(eb)));
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

/**
 * A sort's keys, all in one direction, with the id last so pages never overlap. Each is an
 * index's order (migrations 0014, 0019), so a page reads 25 entries, not all. Most days owing
 * first is the oldest owing_since first; accounts not owing (no owing_since) go last, which is
 * what `nullsLast` says.
 */
export function accountSort(query: Pick<LeaseholderListQuery, 'sort' | 'direction' | 'status'>) {
  const id = sql.ref('tenants.id');
  const flipped: LeaseholderListQuery['direction'] = query.direction === 'desc' ? 'asc' : 'desc';
  const { first, direction, nullsLast } = {
    name: { first: sql`lower(tenants.name)`, direction: query.direction, nullsLast: false },
    daysOwing: { first: sql.ref('tenants.owing_since'), direction: flipped, nullsLast: true },
    balance: {
      first: sql.ref('tenants.balance_pence'),
      direction: query.direction,
      nullsLast: false,
    },
  }[query.sort];
  // Settled accounts all have a balance of nothing, and an account not owing has no owing_since:
  // such a sort is the id order alone, which an index walks and an export's page can seek to
  // (keysetPages), where (balance, id) would be read from the start and sorted.
  const isIdOrder =
    (query.sort === 'balance' && query.status === 'settled') ||
    (query.sort === 'daysOwing' && (query.status === 'settled' || query.status === 'in_credit'));
  return isIdOrder
    ? { keys: [id], direction, nullsLast: false }
    : { keys: [first, id], direction, nullsLast };
}

/** The ORDER BY of a sort (accountSort). */
export function accountOrder(query: Pick<LeaseholderListQuery, 'sort' | 'direction' | 'status'>) {
  const { keys, direction, nullsLast } = accountSort(query);
  const [first, ...rest] = keys;
  const order = sql.raw(direction);
  const nulls = sql.raw(nullsLast ? ' nulls last' : '');
  // One ORDER BY list: Kysely deprecates orderBy with an array.
  return sql.join([sql`${first} ${order}${nulls}`, ...rest.map((key) => sql`${key} ${order}`)]);
}

/**
 * GET /api/leaseholders: a page of accounts with their open links, and how many there are,
 * counted up to TOTAL_CAP as Payment Status counts its links.
 */
export async function listAccounts(
  ctx: AppContext,
  query: LeaseholderListQuery,
): Promise<LeaseholderPage> {
  const isCommon = await isCommonTerm(ctx, query.search);
  const matching = filteredAccounts(ctx, query, isCommon).select(sql.lit(1).as('one'));
  // The page and the count are independent: on PostgreSQL they run on two pooled connections.
  const [rows, { total: counted }] = await Promise.all([
    filteredAccounts(ctx, query, isCommon)
      .selectAll('tenants')
      .orderBy(accountOrder(query))
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    ctx.db
      .selectFrom(matching.limit(TOTAL_CAP + 1).as('matching'))
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  const links = await openLinksOf(
    ctx,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => toLeaseholderItem(ctx, row, links.get(row.id) ?? null)),
    total: Math.min(Number(counted), TOTAL_CAP),
    isTotalCapped: Number(counted) > TOTAL_CAP,
    limit: query.limit,
    offset: query.offset,
  };
}

/** The open link (pending, unexpired, no payment settling) of each account, by account id. */
export async function openLinksOf(
  ctx: AppContext,
  tenantIds: readonly string[],
): Promise<Map<string, OpenLink>> {
  const found = new Map<string, OpenLink>();
  if (tenantIds.length === 0) return found;
  // Read from the accounts, so their links are found by account (payment_links_tenant): SQLite
  // would otherwise read every pending link through the status index for an export's page.
  const rows = await ctx.db
    .selectFrom('tenants')
    .innerJoin('payment_links', 'payment_links.tenant_id', 'tenants.id')
    .select((eb) => [
      'payment_links.id',
      'payment_links.tenant_id',
      'payment_links.amount_pence',
      'payment_links.paid_pence',
      'payment_links.created_at',
      'payment_links.expires_at',
      eb
        .selectFrom('messages')
        .select((inner) => inner.fn.min('messages.created_at').as('sent'))
        .whereRef('messages.link_id', '=', 'payment_links.id')
        .where('messages.kind', '=', 'payment_link')
        .as('sent_at'),
    ])
    .where('tenants.id', 'in', tenantIds)
    .where('payment_links.status', '=', 'pending')
    .where('payment_links.processing_since', 'is', null)
    .where('payment_links.expires_at', '>', ctx.clock.now())
    .orderBy('payment_links.created_at')
    .execute();
  for (const row of rows) {
    found.set(row.tenant_id, {
      id: row.id,
      amount: penceToDecimalString(row.amount_pence),
      paidAmount: penceToDecimalString(row.paid_pence),
      createdAt: new Date(row.created_at).toISOString(),
      expiresAt: new Date(row.expires_at).toISOString(),
      linkUrl: paymentUrlOf(ctx.config, row.id),
      sentAt: row.sent_at === null ? null : new Date(Number(row.sent_at)).toISOString(),
    });
  }
  return found;
}

export function toLeaseholderItem(
  ctx: AppContext,
  row: Account,
  openLink: OpenLink | null,
): LeaseholderItem {
  const now = ctx.clock.now();
  const isHeld = row.hold_until !== null && row.hold_until > now;
  return {
    id: row.id,
    reference: row.reference,
    name: row.name,
    email: row.email,
    phone: row.phone,
    phoneDisplay: row.phone === null ? null : formatPhoneForDisplay(row.phone),
    phoneKind: row.phone_kind,
    address: row.address,
    balance: penceToDecimalString(row.balance_pence),
    balancePence: row.balance_pence,
    owingSince: row.owing_since === null ? null : new Date(row.owing_since).toISOString(),
    daysOwing: row.owing_since === null ? null : Math.floor((now - row.owing_since) / DAY_MS),
    offSheetsSince:
      row.balance_pence > 0 &&
      row.last_sheet_at !== null &&
      row.last_sheet_at < offSheetsBefore(now)
        ? new Date(row.last_sheet_at).toISOString()
        : null,
    holdUntil: isHeld ? new Date(row.hold_until!).toISOString() : null,
    holdReason: isHeld ? row.hold_reason : null,
    openLink,
    isErased: row.erased_at !== null,
  };
}
