import { sql } from 'kysely';
import type {
  PaymentLinkListQuery,
  PaymentLinkPage,
  PaymentLinkSort,
} from '../../../shared/payment-links.js';
import type { AppContext } from '../../context.js';
import { expireDueLinks } from './expire-links.js';
import { linksWithTenants, toPaymentLinkItem } from './link-query.js';
import { matchesSearch, type Search } from './link-search.js';

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
