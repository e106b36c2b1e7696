import { type Selectable, sql } from 'kysely';
import type {
  LeaseholderItem,
  LeaseholderListQuery,
  LeaseholderPage,
  OpenLink,
} from '../../../shared/leaseholders.js';
import { penceToDecimalString } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import type { Engine } from '../../db/engine.js';
import type { TenantsTable } from '../../db/schema.js';
import { emailsOf } from '../../lib/email-list.js';
import { formatPhoneForDisplay } from '../callback-requests/phone-display.js';
import { paymentUrlOf } from '../messages/message-content.js';
import { TOTAL_CAP } from '../payment-links/list-payment-links.js';
import { filteredAccounts, isCommonTerm, offSheetsBefore } from './account-filters.js';
import { propertyKeySql } from './same-property.js';

const DAY_MS = 24 * 3_600_000;

type Account = Selectable<TenantsTable>;

/**
 * A sort's keys, all in one direction, with the id last so pages never overlap. Each is an
 * index's order (migrations 0014, 0019), so a page reads 25 entries, not all. Most days owing
 * first is the oldest owing_since first; accounts not owing (no owing_since) go last, which is
 * what `nullsLast` says.
 */
export function accountSort(
  query: Pick<LeaseholderListQuery, 'sort' | 'direction' | 'status'>,
  engine: Engine,
) {
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
  if (query.status === 'same_flat') {
    // Grouped by property, so the accounts that share a flat stand together (all owe: no nulls).
    const property = propertyKeySql(engine, 'tenants.match_key');
    return { keys: [property, first, id], direction, nullsLast: false };
  }
  const isIdOrder =
    (query.sort === 'balance' && query.status === 'settled') ||
    (query.sort === 'daysOwing' && (query.status === 'settled' || query.status === 'in_credit'));
  return isIdOrder
    ? { keys: [id], direction, nullsLast: false }
    : { keys: [first, id], direction, nullsLast };
}

/** The ORDER BY of a sort (accountSort). */
export function accountOrder(
  query: Pick<LeaseholderListQuery, 'sort' | 'direction' | 'status'>,
  engine: Engine,
) {
  const { keys, direction, nullsLast } = accountSort(query, engine);
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
      .orderBy(accountOrder(query, ctx.engine))
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
    otherEmails: emailsOf(row.other_emails),
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
