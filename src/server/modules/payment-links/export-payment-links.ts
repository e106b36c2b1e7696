import { pipeline, Readable } from 'node:stream';
import { TZDate } from '@date-fns/tz';
import { stringify } from 'csv-stringify';
import { format } from 'date-fns';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { z } from 'zod';
import { formulaSafe } from '../../../shared/csv.js';
import { formatIsoDateTime, UK_TIME_ZONE } from '../../../shared/dates.js';
import { PaymentLinkListQuerySchema } from '../../../shared/payment-links.js';
import type { AppContext } from '../../context.js';
import { formatPhoneForDisplay } from '../callback-requests/phone-display.js';
import { toPaymentLinkItem } from './link-query.js';
import { matchesSearch } from './link-search.js';
import { filteredLinks, sortKeys } from './list-payment-links.js';

/** GET /api/payment-links's filters, search and sort, without paging: the whole list. */
export const PaymentLinkExportQuerySchema = PaymentLinkListQuerySchema.omit({
  limit: true,
  offset: true,
});
export type PaymentLinkExportQuery = z.infer<typeof PaymentLinkExportQuerySchema>;

/** The columns of Payment Status's own CSV download, in its order. */
const HEADER = [
  'Tenant Name',
  'Email',
  'Phone',
  'Property Address',
  'Amount (£)',
  'Status',
  'Created',
  'Expires',
  'Paid',
  'Payment Link',
];

/** Links read a query at a time, so the whole list never sits in memory. */
const PAGE_ROWS = 1_000;

/** `payment-status-2026-11-25.csv`, dated in UK time. */
export function exportFilename(now: number): string {
  return `payment-status-${format(new TZDate(now, UK_TIME_ZONE), 'yyyy-MM-dd')}.csv`;
}

/** GET /api/payment-links/export.csv (admin only): see paymentLinksCsv. */
export function sendPaymentLinksCsv(
  ctx: AppContext,
  query: PaymentLinkExportQuery,
  reply: FastifyReply,
): FastifyReply {
  const filename = exportFilename(ctx.clock.now());
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(
      paymentLinksCsv(ctx, query, {
        onError: (error) => reply.log.error({ err: error }, 'payment links export failed'),
      }),
    );
}

/**
 * Every link the list would show for `query`, in its order, as a CSV for Excel (a BOM so £ and
 * accents show; dates ISO 8601 in UK time and phones in UK national format, which Excel reads as
 * they are; cells that would start a formula neutralised). Streamed a page at a time, each
 * page read after the last one's sort key (keyset), so a link added meanwhile neither shifts
 * nor repeats a row.
 */
export function paymentLinksCsv(
  ctx: AppContext,
  query: PaymentLinkExportQuery,
  {
    pageRows = PAGE_ROWS,
    onError = () => {},
  }: { pageRows?: number; onError?: (error: Error) => void } = {},
): Readable {
  const csv = stringify({
    bom: true,
    quoted: true,
    quoted_empty: true,
    record_delimiter: 'windows',
  });
  // An error part-way (the database went away, the browser left) ends the download, not the
  // process.
  return pipeline(Readable.from(csvRecords(ctx, query, pageRows)), csv, (error) => {
    if (error) onError(error);
  });
}

async function* csvRecords(ctx: AppContext, query: PaymentLinkExportQuery, pageRows: number) {
  yield HEADER;
  for await (const rows of linkPages(ctx, query, pageRows)) {
    for (const row of rows) {
      const item = toPaymentLinkItem(ctx, row);
      yield [
        item.tenant.name,
        item.tenant.email,
        item.tenant.phone === null ? '' : formatPhoneForDisplay(item.tenant.phone),
        item.tenant.address,
        item.amount,
        item.status,
        formatIsoDateTime(item.createdAt),
        formatIsoDateTime(item.expiresAt),
        item.paidAt ? formatIsoDateTime(item.paidAt) : '',
        item.linkUrl,
      ].map(formulaSafe);
    }
  }
}

async function* linkPages(ctx: AppContext, query: PaymentLinkExportQuery, pageRows: number) {
  const now = ctx.clock.now();
  const search = query.search ? matchesSearch(ctx, query.search) : null;
  const keys = sortKeys(ctx, query.sort, now);
  const after = sql.raw(query.direction === 'asc' ? '>' : '<');
  let last: unknown[] | null = null;
  for (;;) {
    let page = filteredLinks(ctx, query, search, now).select(
      keys.map((key, index) => sql`${key}`.as(`sort_key_${index}`)),
    );
    // Every key sorts in the one direction, so one row-value comparison finds the next page.
    if (last) page = page.where(sql<boolean>`(${sql.join(keys)}) ${after} (${sql.join(last)})`);
    const rows = await page.limit(pageRows).execute();
    yield rows;
    if (rows.length < pageRows) return;
    const lastRow = rows.at(-1) as Record<string, unknown>;
    last = keys.map((_, index) => lastRow[`sort_key_${index}`]);
  }
}
