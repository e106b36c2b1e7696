import { expressionBuilder, sql } from 'kysely';
import type { PaymentLinkListQuery, PaymentLinkPage } from '../../../shared/payment-links.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { linksWithTenants, toPaymentLinkItem } from './link-query.js';
import { matchesSearch, type Search } from './link-search.js';
import { effectiveStatusSql, hasEffectiveStatus } from './link-state.js';

/**
 * The sort keys, each ending with the id so paging is stable, each but the status served by an
 * index (0005, 0009); the status is the effective one, which no index can hold since it moves
 * with the clock. Under a status filter every link has that status, so the status sort is the
 * created order that follows it, which the status index holds. The name key is the start of the
 * search text, which begins with the lower-cased name, compared byte by byte on both engines.
 */
export function sortKeys(
  ctx: AppContext,
  query: Pick<PaymentLinkListQuery, 'sort' | 'status'>,
  now: number,
) {
  const ref = (column: string) => sql.ref(`payment_links.${column}`);
  const nameKey =
    ctx.engine === 'postgres'
      ? sql`substr(${ref('search_text')}, 1, 100) collate "C"`
      : sql`substr(${ref('search_text')}, 1, 100)`;
  const keys = {
    createdAt: [ref('created_at')],
    amount: [ref('amount_pence')],
    expiresAt: [ref('expires_at')],
    status: query.status
      ? [ref('created_at')]
      : [
          effectiveStatusSql(now)(expressionBuilder<Database, 'payment_links'>()),
          ref('created_at'),
        ],
    tenantName: [nameKey],
  }[query.sort];
  return [...keys, ref('id')];
}

/**
 * Counted exactly up to here; beyond, the list says "10,000+" (PaymentLinkPage.isTotalCapped).
 * Counting every match costs as much as the estate is large, and nobody pages that far.
 */
export const TOTAL_CAP = 10_000;

/**
 * GET /api/payment-links: one page of links with their leaseholders and the total matching,
 * filtered, searched and sorted by the database (never by loading everything). The page's links
 * are chosen first, on the links table alone, and only those are joined to their leaseholders.
 * Read-only: the status shown, filtered and sorted by is the effective one (link-state.ts),
 * whether or not housekeeping has stored it yet.
 */
export async function listPaymentLinks(
  ctx: AppContext,
  query: PaymentLinkListQuery,
): Promise<PaymentLinkPage> {
  const now = ctx.clock.now();

  const search = query.search ? matchesSearch(ctx, query.search) : null;
  const pageRows = async () => {
    const ids = (await pageIdsQuery(ctx, query, search, now).execute()).map((row) => row.id);
    if (ids.length === 0) return [];
    const rows = await linksWithTenants(ctx, now).where('payment_links.id', 'in', ids).execute();
    const order = new Map(ids.map((id, index) => [id, index]));
    return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  };
  // The page and the count are independent: on PostgreSQL they run on two pooled connections.
  const [rows, counted] = await Promise.all([
    pageRows(),
    countLinks(ctx, query.status, search, now),
  ]);

  return {
    items: rows.map((row) => toPaymentLinkItem(ctx, row)),
    total: Math.min(counted, TOTAL_CAP),
    isTotalCapped: counted > TOTAL_CAP,
    limit: query.limit,
    offset: query.offset,
  };
}

/** The ids of the page `query` asks for, chosen on the links table alone. */
export function pageIdsQuery(
  ctx: AppContext,
  query: PaymentLinkListQuery,
  search: Search | null,
  now: number,
) {
  let pageIds = ctx.db.selectFrom('payment_links').select('payment_links.id');
  if (query.status) pageIds = pageIds.where(hasEffectiveStatus(query.status, now));
  if (search) pageIds = pageIds.where(search.page);
  for (const key of sortKeys(ctx, query, now)) pageIds = pageIds.orderBy(key, query.direction);
  return pageIds.limit(query.limit).offset(query.offset);
}

/** The list's links for `query`: filtered and searched, not sorted or paged (the CSV export's). */
export function filteredLinks(
  ctx: AppContext,
  query: Pick<PaymentLinkListQuery, 'status'>,
  search: Search | null,
  now: number,
) {
  let links = linksWithTenants(ctx, now);
  if (query.status) links = links.where(hasEffectiveStatus(query.status, now));
  if (search) links = links.where(search.page);
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
  let matching = ctx.db.selectFrom('payment_links').select(sql.lit(1).as('one'));
  if (status) matching = matching.where(hasEffectiveStatus(status, now));
  if (search) matching = matching.where(search.where);
  const { total } = await ctx.db
    .selectFrom(matching.limit(TOTAL_CAP + 1).as('matching'))
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}
