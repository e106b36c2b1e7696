import type { Readable } from 'node:stream';
import { addDays } from 'date-fns';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { CsvValue } from '../../../shared/csv.js';
import { formatIsoDateTime } from '../../../shared/dates.js';
import {
  OFFLINE_PAYMENT_METHOD_LABELS,
  type PaymentsExportQuery,
} from '../../../shared/leaseholders.js';
import { penceToDecimalString } from '../../../shared/money.js';
import { PAYMENT_METHOD_LABELS } from '../../../shared/payment-page.js';
import type { AppContext } from '../../context.js';
import { keysetPages } from '../../db/keyset-pages.js';
import { csvStream, sendCsvDownload } from '../../http/csv-download.js';
import { ukDayStart } from '../../lib/uk-day.js';

const HEADER = [
  'Date Paid',
  'Account Reference',
  'Tenant Name',
  'Property Address',
  'Amount (£)',
  'Method',
  'Received Through',
  'Payment Reference',
  'Recorded',
];

/** Payments read a query at a time, so a busy month never sits in memory. */
const PAGE_ROWS = 1_000;

/** One line of the file, with where it sorts: the UK day paid, then when it was recorded. */
interface Received {
  day: string;
  at: number;
  cells: CsvValue[];
}

/** GET /api/payments/export.csv: see paymentsCsv. */
export function sendPaymentsCsv(ctx: AppContext, query: PaymentsExportQuery, reply: FastifyReply) {
  return sendCsvDownload(reply, 'payments-received', ctx.clock.now(), (onError) =>
    paymentsCsv(ctx, query, { onError }),
  );
}

/**
 * Every payment received from `from` to `to` (UK days, both included), portal and offline, in
 * the order they were paid: what the agent posts to their own ledger, so that the next arrears
 * sheet takes them in. Failed and unsettled portal payments are not money received.
 */
export function paymentsCsv(
  ctx: AppContext,
  query: PaymentsExportQuery,
  { pageRows = PAGE_ROWS, onError }: { pageRows?: number; onError?: (error: Error) => void } = {},
): Readable {
  return csvStream(records(ctx, query, pageRows), onError);
}

async function* records(ctx: AppContext, query: PaymentsExportQuery, pageRows: number) {
  yield HEADER;
  const portal = portalPayments(ctx, query, pageRows);
  const offline = offlinePayments(ctx, query, pageRows);
  const returned = returnedPayments(ctx, query, pageRows);
  for await (const received of inOrder(inOrder(portal, offline), returned)) yield received.cells;
}

/** A line for money that moved at `at`, filed under that UK day: amount, method, through, ref. */
function lineAt(
  at: number,
  account: { reference: string | null; name: string; address: string },
  money: [CsvValue, CsvValue, CsvValue, CsvValue],
): Received {
  const recorded = formatIsoDateTime(at);
  const day = recorded.slice(0, 10);
  return {
    day,
    at,
    cells: [day, account.reference ?? '', account.name, account.address, ...money, recorded],
  };
}

async function* portalPayments(ctx: AppContext, { from, to }: PaymentsExportQuery, rows: number) {
  const start = ukDayStart(from).getTime();
  const end = addDays(ukDayStart(to), 1).getTime();
  const query = ctx.db
    .selectFrom('payments')
    .innerJoin('payment_links', 'payment_links.id', 'payments.link_id')
    .innerJoin('tenants', 'tenants.id', 'payment_links.tenant_id')
    .select([
      'payments.paid_at',
      'payments.amount_pence',
      'payments.method',
      'payments.provider',
      'payments.provider_ref',
      'tenants.reference',
      'tenants.name',
      'tenants.address',
    ])
    .where('payments.status', '=', 'succeeded')
    .where('payments.paid_at', '>=', start)
    .where('payments.paid_at', '<', end);
  const keys = [sql.ref('payments.paid_at'), sql.ref('payments.id')];
  for await (const page of keysetPages(query, keys, 'asc', rows)) {
    for (const row of page) {
      yield lineAt(Number(row.paid_at), row, [
        penceToDecimalString(Number(row.amount_pence)),
        PAYMENT_METHOD_LABELS[row.method],
        row.provider === 'stripe' ? 'Portal (Stripe)' : 'Portal (demo)',
        row.provider_ref,
      ]);
    }
  }
}

async function* offlinePayments(ctx: AppContext, { from, to }: PaymentsExportQuery, rows: number) {
  const query = ctx.db
    .selectFrom('offline_payments')
    .innerJoin('tenants', 'tenants.id', 'offline_payments.tenant_id')
    .select([
      'offline_payments.paid_on',
      'offline_payments.recorded_at',
      'offline_payments.amount_pence',
      'offline_payments.method',
      'offline_payments.reference as payment_reference',
      'tenants.reference',
      'tenants.name',
      'tenants.address',
    ])
    .where('offline_payments.paid_on', '>=', from)
    .where('offline_payments.paid_on', '<=', to);
  const keys = [
    sql.ref('offline_payments.paid_on'),
    sql.ref('offline_payments.recorded_at'),
    sql.ref('offline_payments.id'),
  ];
  for await (const page of keysetPages(query, keys, 'asc', rows)) {
    for (const row of page) {
      const at = Number(row.recorded_at);
      yield {
        day: row.paid_on,
        at,
        cells: [
          row.paid_on,
          row.reference ?? '',
          row.name,
          row.address,
          penceToDecimalString(Number(row.amount_pence)),
          OFFLINE_PAYMENT_METHOD_LABELS[row.method],
          'Recorded by staff',
          row.payment_reference ?? '',
          formatIsoDateTime(at),
        ],
      } satisfies Received;
    }
  }
}

const RETURNED_THROUGH: Record<string, string> = {
  refund: 'Refunded (Stripe)',
  dispute: 'Disputed (Stripe)',
  reversal: 'Reversed by staff',
};
const COUNTS_AGAIN: Record<string, string> = {
  refund: 'Refund failed (Stripe)',
  dispute: 'Dispute won (Stripe)',
};

/**
 * Money given back (Stripe's refunds and disputes, staff's reversals) on the day it went, as
 * minus amounts, and a dispute won or a refund that failed as the amount coming back: the
 * agent's ledger must owe it again too, or their next sheet would undo it.
 */
async function* returnedPayments(ctx: AppContext, { from, to }: PaymentsExportQuery, rows: number) {
  const query = ctx.db
    .selectFrom('account_events')
    .innerJoin('tenants', 'tenants.id', 'account_events.tenant_id')
    .select([
      'account_events.at',
      'account_events.details',
      'tenants.reference',
      'tenants.name',
      'tenants.address',
    ])
    // A literal, so that PostgreSQL plans with the partial index (migration 0024).
    .where('account_events.kind', '=', sql.lit('payment_returned'))
    .where('account_events.at', '>=', ukDayStart(from).getTime())
    .where('account_events.at', '<', addDays(ukDayStart(to), 1).getTime());
  const keys = [sql.ref('account_events.at'), sql.ref('account_events.id')];
  for await (const page of keysetPages(query, keys, 'asc', rows)) {
    for (const row of page) {
      const details = JSON.parse(row.details ?? '{}') as Record<string, unknown>;
      const pence = Number(details.pence);
      if (!pence) continue;
      const method =
        PAYMENT_METHOD_LABELS[details.method as keyof typeof PAYMENT_METHOD_LABELS] ??
        OFFLINE_PAYMENT_METHOD_LABELS[details.method as keyof typeof OFFLINE_PAYMENT_METHOD_LABELS];
      yield lineAt(Number(row.at), row, [
        penceToDecimalString(-pence),
        method ?? '',
        pence < 0
          ? (COUNTS_AGAIN[String(details.kind)] ?? '')
          : (RETURNED_THROUGH[String(details.kind)] ?? ''),
        String(details.reference ?? ''),
      ]);
    }
  }
}

/** Whether `x` is paid before `y`, or the same day and recorded no later. */
const isBefore = (x: Received, y: Received) => x.day < y.day || (x.day === y.day && x.at <= y.at);

/** The two runs, each already in order, as one. */
async function* inOrder(first: AsyncGenerator<Received>, second: AsyncGenerator<Received>) {
  let a = await first.next();
  let b = await second.next();
  while (!a.done || !b.done) {
    if (!a.done && (b.done || isBefore(a.value, b.value))) {
      yield a.value;
      a = await first.next();
    } else if (!b.done) {
      yield b.value;
      b = await second.next();
    }
  }
}
