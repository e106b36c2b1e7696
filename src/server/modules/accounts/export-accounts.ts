import { pipeline, Readable } from 'node:stream';
import { TZDate } from '@date-fns/tz';
import { stringify } from 'csv-stringify';
import { format } from 'date-fns';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { formulaSafe } from '../../../shared/csv.js';
import { formatIsoDateTime, UK_TIME_ZONE } from '../../../shared/dates.js';
import type { LeaseholderExportQuerySchema } from '../../../shared/leaseholders.js';
import type { AppContext } from '../../context.js';
import { formatPhoneForDisplay } from '../callback-requests/phone-display.js';
import {
  accountOrder,
  filteredAccounts,
  isCommonTerm,
  openLinksOf,
  toLeaseholderItem,
} from './list-accounts.js';

type ExportQuery = z.infer<typeof LeaseholderExportQuerySchema>;

const HEADER = [
  'Account Reference',
  'Tenant Name',
  'Email',
  'Phone',
  'Property Address',
  'Balance (£)',
  'Owing Since',
  'On Hold Until',
  'Open Link Expires',
  'Payment Link',
];
const PAGE_ROWS = 1_000;

/** GET /api/leaseholders/export.csv: every account the list's filters keep, in its order. */
export function sendAccountsCsv(ctx: AppContext, query: ExportQuery, reply: FastifyReply) {
  const day = format(new TZDate(ctx.clock.now(), UK_TIME_ZONE), 'yyyy-MM-dd');
  const csv = stringify({
    bom: true,
    quoted: true,
    quoted_empty: true,
    record_delimiter: 'windows',
  });
  const body = pipeline(Readable.from(records(ctx, query)), csv, (error) => {
    if (error) reply.log.error({ err: error }, 'leaseholders export failed');
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="leaseholders-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * A page at a time, so a large estate never sits in memory. Offset paging over the list's own
 * order with the id last: an account changing meanwhile may move, which an export taken at one
 * moment accepts.
 */
async function* records(ctx: AppContext, query: ExportQuery) {
  yield HEADER;
  const isCommon = await isCommonTerm(ctx, query.search);
  for (let offset = 0; ; offset += PAGE_ROWS) {
    const rows = await filteredAccounts(ctx, query, isCommon)
      .selectAll('tenants')
      .orderBy(accountOrder(query))
      .limit(PAGE_ROWS)
      .offset(offset)
      .execute();
    const links = await openLinksOf(
      ctx,
      rows.map((row) => row.id),
    );
    for (const row of rows) {
      const item = toLeaseholderItem(ctx, row, links.get(row.id) ?? null);
      yield [
        item.reference ?? '',
        item.name,
        item.email ?? '',
        item.phone === null ? '' : formatPhoneForDisplay(item.phone),
        item.address,
        item.balance,
        item.owingSince ? formatIsoDateTime(item.owingSince) : '',
        item.holdUntil ? formatIsoDateTime(item.holdUntil) : '',
        item.openLink ? formatIsoDateTime(item.openLink.expiresAt) : '',
        item.openLink?.linkUrl ?? '',
      ].map(formulaSafe);
    }
    if (rows.length < PAGE_ROWS) return;
  }
}
