import { type Expression, type SqlBool, sql } from 'kysely';
import type {
  PaymentLinkListQuery,
  PaymentLinkPage,
  PaymentLinkSort,
} from '../../../shared/payment-links.js';
import type { AppContext } from '../../context.js';
import { expireDueLinks } from './expire-links.js';
import { linksWithTenants, toPaymentLinkItem } from './link-query.js';

/** LIKE treats % and _ as wildcards: a search for "50%" means those characters. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * A search: part of the leaseholder's name, email or address, in any case. Both engines match
 * the lower-cased term as a substring of the link's lower-cased search text (migration 0009);
 * SQLite answers terms of 3 or more characters from its trigram index (an FTS5 phrase of
 * trigrams is exactly a substring), PostgreSQL lets the planner use its trigram index for LIKE.
 */
function matchesSearch(ctx: AppContext, search: string): Expression<SqlBool> {
  const term = search.toLowerCase();
  if (ctx.engine === 'sqlite' && [...term].length >= 3) {
    const phrase = `"${term.replaceAll('"', '""')}"`;
    return sql<SqlBool>`${sql.ref('payment_links.rowid')} in
      (select rowid from payment_links_fts where payment_links_fts match ${phrase})`;
  }
  return sql<SqlBool>`${sql.ref('payment_links.search_text')} like ${likePattern(term)} escape '\\'`;
}

/**
 * The sort keys, each ending with the id so paging is stable, each served by an index (0005,
 * 0009). The name key is the start of the search text, which begins with the lower-cased name,
 * compared byte by byte on both engines.
 */
function sortKeys(ctx: AppContext, sort: PaymentLinkSort) {
  const ref = (column: string) => sql.ref(`payment_links.${column}`);
  const nameKey =
    ctx.engine === 'postgres'
      ? sql`substr(${ref('search_text')}, 1, 100) collate "C"`
      : sql`substr(${ref('search_text')}, 1, 100)`;
  const keys = {
    createdAt: [ref('created_at')],
    amount: [ref('amount_pence')],
    expiresAt: [ref('expires_at')],
    status: [ref('status'), ref('created_at')],
    tenantName: [nameKey],
  }[sort];
  return [...keys, ref('id')];
}

/**
 * GET /api/payment-links: one page of links with their leaseholders and the total matching,
 * filtered, searched and sorted by the database (never by loading everything). Due links are
 * expired first (expireDueLinks), so the stored status is the shown status and the filters and
 * the status sort use it as it is.
 */
export async function listPaymentLinks(
  ctx: AppContext,
  query: PaymentLinkListQuery,
): Promise<PaymentLinkPage> {
  const now = ctx.clock.now();
  await expireDueLinks(ctx, now);

  const search = query.search ? matchesSearch(ctx, query.search) : null;
  let page = linksWithTenants(ctx, now);
  if (query.status) page = page.where('payment_links.status', '=', query.status);
  if (search) page = page.where(search);
  for (const key of sortKeys(ctx, query.sort)) page = page.orderBy(key, query.direction);
  const rows = await page.limit(query.limit).offset(query.offset).execute();

  let count = ctx.db
    .selectFrom('payment_links')
    .select((eb) => eb.fn.countAll<number>().as('total'));
  if (query.status) count = count.where('payment_links.status', '=', query.status);
  if (search) count = count.where(search);
  const { total } = await count.executeTakeFirstOrThrow();

  return {
    items: rows.map((row) => toPaymentLinkItem(ctx, row)),
    total: Number(total),
    limit: query.limit,
    offset: query.offset,
  };
}
