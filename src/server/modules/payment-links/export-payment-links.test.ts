import { text } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createTestContext,
  signIn,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { PAYMENT_LINK_SORTS } from '../../../shared/payment-links.js';
import { paymentLinksCsv } from './export-payment-links.js';
import { listPaymentLinks } from './list-payment-links.js';

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

describe('GET /api/payment-links/export.csv', () => {
  let t: TestContext;
  let cookie: string;

  beforeEach(async () => {
    // 23:30 in London on 30 June, already 1 July's date there.
    t = await createTestContext();
    t.clock.set(Date.UTC(2026, 5, 30, 23, 30));
    cookie = await signIn(t.app);
  });
  afterEach(async () => {
    await t.close();
  });

  const exportCsv = (query = '', headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: 'GET', url: `/api/payment-links/export.csv?${query}`, headers });

  const rowsOf = (body: string): string[][] => parse(body, { bom: true }) as string[][];

  async function seed() {
    const people = [
      ['Margaret Hughes', 'margaret@example.co.uk', 'Flat 3, Riverside Court', 124_550, 'pending'],
      ['dafydd ap Gruffydd', 'dafydd@example.cymru', 'Fflat 7, Stryd y Castell', 31_000, 'paid'],
      ['=HYPERLINK("http://evil.example","Click")', null, '+1 Quay Street', 8_999, 'failed'],
      ['Bob Jones', 'bob@example.com', '2 Riverside Court', 10_000, 'pending'],
    ] as const;
    const made = [];
    for (const [name, email, address, amount, status] of people) {
      made.push(
        await createPaymentLink(t.ctx, {
          tenant: { name, email, address },
          amount_pence: amount,
          status,
          paid_at: status === 'paid' ? t.clock.now() : null,
        }),
      );
      t.clock.advance(60_000);
    }
    return made;
  }

  it('downloads every link, newest first, as a dated CSV that opens safely in Excel', async () => {
    const made = await seed();
    const response = await exportCsv();

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="payment-status-2026-07-01.csv"',
    );
    expect(response.body.startsWith('\uFEFF"Tenant Name","Email"')).toBe(true);
    expect(response.body).toContain('\r\n');
    const [header, ...rows] = rowsOf(response.body);
    expect(header).toEqual(HEADER);
    expect(rows.map((row) => row[0])).toEqual([
      'Bob Jones',
      `'=HYPERLINK("http://evil.example","Click")`,
      'dafydd ap Gruffydd',
      'Margaret Hughes',
    ]);
    expect(rows[1]).toEqual([
      `'=HYPERLINK("http://evil.example","Click")`,
      '',
      '07700 900123',
      "'+1 Quay Street",
      '89.99',
      'failed',
      '2026-07-01 00:32',
      '2026-07-08 10:00', // Made at 00:32: it ends at a sociable hour.
      '',
      `http://localhost:3000/payment/${made[2]!.id}`,
    ]);
    expect(rows[2]!.slice(4, 9)).toEqual([
      '310.00',
      'paid',
      '2026-07-01 00:31',
      '2026-07-08 10:00',
      '2026-07-01 00:31',
    ]);
  });

  it('applies the list filters: status, search, sort and direction', async () => {
    await seed();
    const names = async (query: string) =>
      rowsOf((await exportCsv(query)).body)
        .slice(1)
        .map((row) => row[0]);

    expect(await names('status=pending')).toEqual(['Bob Jones', 'Margaret Hughes']);
    expect(await names('search=RIVERSIDE')).toEqual(['Bob Jones', 'Margaret Hughes']);
    expect(await names('search=riverside&sort=amount&direction=asc')).toEqual([
      'Bob Jones',
      'Margaret Hughes',
    ]);
    expect(await names('sort=tenantName&direction=asc')).toEqual([
      `'=HYPERLINK("http://evil.example","Click")`,
      'Bob Jones',
      'dafydd ap Gruffydd',
      'Margaret Hughes',
    ]);
    expect(await names('status=expired')).toEqual([]);
    expect((await exportCsv('status=nonsense')).statusCode).toBe(400);
  });

  it('is for staff only', async () => {
    await seed();
    const response = await exportCsv('', {});
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('Margaret');
  });

  it('reads page after page in exactly the list order, ties included, for every sort', async () => {
    // Pairs share a creation time and an amount, so only the id orders them.
    for (let n = 0; n < 7; n += 1) {
      await createPaymentLink(t.ctx, {
        tenant: { name: `Leaseholder ${n % 3}`, email: `l${n}@example.com` },
        amount_pence: 1_000 * (n % 2),
        status: n % 3 === 0 ? 'paid' : 'pending',
      });
      if (n % 2 === 1) t.clock.advance(1_000);
    }
    for (const sort of PAYMENT_LINK_SORTS) {
      for (const [direction, search] of [
        ['asc', undefined],
        ['desc', undefined],
        ['asc', 'leaseholder'],
        ['desc', 'leaseholder'],
      ] as const) {
        const query = { sort, direction, search };
        const listed = await listPaymentLinks(t.ctx, { ...query, limit: 500, offset: 0 });
        const csv = await text(paymentLinksCsv(t.ctx, query, { pageRows: 2 }));
        const links = rowsOf(csv)
          .slice(1)
          .map((row) => row[9]);
        expect(links, `${sort} ${direction} ${search}`).toEqual(
          listed.items.map((item) => item.linkUrl),
        );
      }
    }
  });
});
