import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { formatIsoDateTime } from '../../../shared/dates.js';
import type { LeaseholderExportQuerySchema } from '../../../shared/leaseholders.js';
import type { AppContext } from '../../context.js';
import { keysetPages } from '../../db/keyset-pages.js';
import { csvStream, sendCsvDownload } from '../../http/csv-download.js';
import { emailCell } from '../../lib/email-list.js';
import { formatPhoneForDisplay } from '../callback-requests/phone-display.js';
import { filteredAccounts, isCommonTerm } from './account-filters.js';
import { accountSort, openLinksOf, toLeaseholderItem } from './list-accounts.js';

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

/** Accounts read a query at a time, so a large estate never sits in memory. */
const PAGE_ROWS = 1_000;

/** GET /api/leaseholders/export.csv: see accountsCsv. */
export function sendAccountsCsv(ctx: AppContext, query: ExportQuery, reply: FastifyReply) {
  return sendCsvDownload(reply, 'leaseholders', ctx.clock.now(), (onError) =>
    accountsCsv(ctx, query, { onError }),
  );
}

/** Every account the list's filters keep, in its order, as a CSV like Payment Status's. */
export function accountsCsv(
  ctx: AppContext,
  query: ExportQuery,
  { pageRows = PAGE_ROWS, onError }: { pageRows?: number; onError?: (error: Error) => void } = {},
): Readable {
  return csvStream(records(ctx, query, pageRows), onError);
}

async function* records(ctx: AppContext, query: ExportQuery, pageRows: number) {
  yield HEADER;
  for await (const rows of accountPages(ctx, query, pageRows)) {
    const links = await openLinksOf(
      ctx,
      rows.map((row) => row.id),
    );
    for (const row of rows) {
      const item = toLeaseholderItem(ctx, row, links.get(row.id) ?? null);
      yield [
        item.reference ?? '',
        item.name,
        emailCell(item.email, item.otherEmails),
        item.phone === null ? '' : formatPhoneForDisplay(item.phone),
        item.address,
        item.balance,
        item.owingSince ? formatIsoDateTime(item.owingSince) : '',
        item.holdUntil ? formatIsoDateTime(item.holdUntil) : '',
        item.openLink ? formatIsoDateTime(item.openLink.expiresAt) : '',
        item.openLink?.linkUrl ?? '',
      ];
    }
  }
}

/**
 * The list's accounts in its order, a keyset page at a time. A sort with its nulls last (days
 * owing) is two runs, those with the first key then those without, which no row-value bound can
 * pass.
 */
async function* accountPages(ctx: AppContext, query: ExportQuery, pageRows: number) {
  const isCommon = await isCommonTerm(ctx, query.search);
  const accounts = filteredAccounts(ctx, query, isCommon).selectAll('tenants');
  const { keys, direction, nullsLast } = accountSort(query, ctx.engine);
  if (!nullsLast) {
    yield* keysetPages(accounts, keys, direction, pageRows);
    return;
  }
  const [first, ...rest] = keys;
  yield* keysetPages(accounts.where(first!, 'is not', null), keys, direction, pageRows);
  yield* keysetPages(accounts.where(first!, 'is', null), rest, direction, pageRows);
}
