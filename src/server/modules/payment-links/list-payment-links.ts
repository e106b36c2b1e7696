import { expressionBuilder, sql } from 'kysely';
import type {
  PaymentLinkListQuery,
  PaymentLinkPage,
  PaymentLinkSort,
} from '../../../shared/payment-links.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { linksWithTenants, toPaymentLinkItem } from './link-query.js';
import { matchesSearch, type Search } from './link-search.js';
import { effectiveStatusSql, hasEffectiveStatus } from './link-state.js';

/**
 * The sort keys, each ending with the id so paging is stable, each but the status served by an
 * index (0005, 0009); the status is the effective one, which no index can hold since it moves
 * with the clock. The name key is the start of the search text, which begins with the
 * lower-cased name, compared byte by byte on both engines.
 */
export function sortKeys(ctx: AppContext, sort: PaymentLinkSort, now: number) {
  const ref = (column: string) => sql.ref(`payment_links.${column}`);
  const nameKey =
    ctx.engine === 'postgres'
      ? sql`substr(${ref('search_text')}, 1, 100) collate "C"`
      : sql`substr(${ref('search_text')}, 1, 100)`;
  const keys = {
    createdAt: [ref('created_at')],
    amount: [ref('amount_pence')],
    expiresAt: [ref('expires_at')],
    status: [
      effectiveStatusSql(now)(expressionBuilder<Database, 'payment_links'>()),
      ref('created_at'),
    ],
    tenantName: [nameKey],
  }[sort];
  return [...keys, ref('id')];
}

/**
 * GET /api/payment-links: one page of links with their leaseholders and the total matching,
 * filtered, searched and sorted by the database (never by loading everything). Read-only: the
 * status shown, filtered and sorted by is the effective one (link-state.ts), whether or not
 * housekeeping has stored it yet.
 */
export async function listPaymentLinks(
  ctx: AppContext,
  query: PaymentLinkListQuery,
): Promise<PaymentLinkPage> {
  const now = ctx.clock.now();

  const search = query.search ? matchesSearch(ctx, query.search) : null;
  const page = filteredLinks(ctx, query, search, now);
  const rows = await page.limit(query.limit).offset(query.offset).execute();
  const total = await countLinks(ctx, query.status, search, now);

  return {
    items: rows.map((row) => toPaymentLinkItem(ctx, row)),
    total,
    limit: query.limit,
    offset: query.offset,
  };
}

/** The list's links for `query`: filtered, searched and sorted, not paged (the CSV export's too). */
export function filteredLinks(
  ctx: AppContext,
  query: Pick<PaymentLinkListQuery, 'status' | 'sort' | 'direction'>,
  search: Search | null,
  now: number,
) {
  let links = linksWithTenants(ctx, now);
  if (query.status) links = links.where(hasEffectiveStatus(query.status, now));
  if (search) links = links.where(search.page);
  for (const key of sortKeys(ctx, query.sort, now)) links = links.orderBy(key, query.direction);
  return links;
}

async function countLinks(
  ctx: AppContext,
  status: PaymentLinkListQuery['status'],
  search: Search | null,
  now: number,
): Promise<number> {
  if (search?.countAlone && !status) {
    const { rows } = await sql<{ total: number }>`select ${search.countAlone} as total`.execute(
      ctx.db,
    );
    return Number(rows[0]?.total ?? 0);
  }
  let count = ctx.db
    .selectFrom('payment_links')
    .select((eb) => eb.fn.countAll<number>().as('total'));
  if (status) count = count.where(hasEffectiveStatus(status, now));
  if (search) count = count.where(search.where);
  const { total } = await count.executeTakeFirstOrThrow();
  return Number(total);
}
