import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { formatIsoDateTime } from '../../../shared/dates.js';
import { PaymentLinkListQuerySchema } from '../../../shared/payment-links.js';
import type { AppContext } from '../../context.js';
import { keysetPages } from '../../db/keyset-pages.js';
import { csvStream, sendCsvDownload } from '../../http/csv-download.js';
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

/** GET /api/payment-links/export.csv (admin only): see paymentLinksCsv. */
export function sendPaymentLinksCsv(
  ctx: AppContext,
  query: PaymentLinkExportQuery,
  reply: FastifyReply,
): FastifyReply {
  return sendCsvDownload(reply, 'payment-status', ctx.clock.now(), (onError) =>
    paymentLinksCsv(ctx, query, { onError }),
  );
}

/**
 * Every link the list would show for `query`, in its order, as a CSV for Excel (csvStream; dates
 * ISO 8601 in UK time and phones in UK national format, which Excel reads as they are), read a
 * keyset page at a time.
 */
export function paymentLinksCsv(
  ctx: AppContext,
  query: PaymentLinkExportQuery,
  { pageRows = PAGE_ROWS, onError }: { pageRows?: number; onError?: (error: Error) => void } = {},
): Readable {
  return csvStream(csvRecords(ctx, query, pageRows), onError);
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
      ];
    }
  }
}

function linkPages(ctx: AppContext, query: PaymentLinkExportQuery, pageRows: number) {
  const now = ctx.clock.now();
  const search = query.search ? matchesSearch(ctx, query.search) : null;
  const keys = sortKeys(ctx, query, now);
  return keysetPages(filteredLinks(ctx, query, search, now), keys, query.direction, pageRows);
}
