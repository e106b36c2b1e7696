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
function matchesSearch(ctx: AppContext, search: string): Search {
  const term = search.toLowerCase();
  if (ctx.engine === 'sqlite' && [...term].length >= 3) {
    const phrase = `"${term.replaceAll('"', '""')}"`;
    const matching = sql`select rowid from payment_links_fts where payment_links_fts match ${phrase}`;
    return {
      // The page walks its sort index and keeps the matching links (`+rowid` stops SQLite from
      // looking each match up by rowid and sorting them all instead): 16 ms to 6 ms for a town's
      // links at 100,000 (bench/tracking.ts).
      page: sql<SqlBool>`+${sql.ref('payment_links.rowid')} in (${matching})`,
      where: sql<SqlBool>`${sql.ref('payment_links.rowid')} in (${matching})`,
      // Without a status filter the trigram table counts its matches alone (5 ms, not 16).
      countAlone: sql<number>`(select count(*) from payment_links_fts where payment_links_fts match ${phrase})`,
    };
  }
  const like = sql<SqlBool>`${sql.ref('payment_links.search_text')} like ${likePattern(term)} escape '\\'`;
  return { page: like, where: like, countAlone: null };
}

interface Search {
  /** The condition on the page's query. */
  page: Expression<SqlBool>;
  /** The condition on the count's query. */
  where: Expression<SqlBool>;
  /** A count of every match, when the engine has a cheaper one than counting the links. */
  countAlone: Expression<number> | null;
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
  if (search) page = page.where(search.page);
  for (const key of sortKeys(ctx, query.sort)) page = page.orderBy(key, query.direction);
  const rows = await page.limit(query.limit).offset(query.offset).execute();
  const total = await countLinks(ctx, query.status, search);

  return {
    items: rows.map((row) => toPaymentLinkItem(ctx, row)),
    total,
    limit: query.limit,
    offset: query.offset,
  };
}

async function countLinks(
  ctx: AppContext,
  status: PaymentLinkListQuery['status'],
  search: Search | null,
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
  if (status) count = count.where('payment_links.status', '=', status);
  if (search) count = count.where(search.where);
  const { total } = await count.executeTakeFirstOrThrow();
  return Number(total);
}
