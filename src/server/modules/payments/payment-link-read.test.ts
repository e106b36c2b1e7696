import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createTestContext,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { PAYMENT_LINK_NOT_AVAILABLE_MESSAGE } from '../../../shared/payment-page.js';
import type { Database } from '../../db/schema.js';
import { LINK_MISS_LIMIT, TOO_MANY_LINK_REQUESTS_MESSAGE } from './link-miss-limit.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const TABLES: (keyof Database)[] = [
  'payment_links',
  'payments',
  'payment_events',
  'messages',
  'jobs',
  'audit_log',
  'rate_limit_events',
];

describe('public payment link read', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  const get = (id: string, ip = '203.0.113.7') =>
    t.app.inject({ method: 'GET', url: `/api/payment-link/${id}`, remoteAddress: ip });

  async function snapshot() {
    const rows: Record<string, unknown[]> = {};
    for (const table of TABLES)
      rows[table] = await t.ctx.db.selectFrom(table).selectAll().execute();
    return rows;
  }

  it('answers only what the page needs, amount owed in pounds', async () => {
    const link = await createPaymentLink(t.ctx, {
      amount_pence: 124_550,
      tenant: { name: 'Priya Shah', address: 'Flat 9, 4 Mill Lane, Leeds LS1 4AB' },
    });

    const response = await get(link.id);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: link.id,
      amount: '1245.50',
      amountPence: 124_550,
      expiresAt: new Date(link.expires_at).toISOString(),
      status: 'pending',
      tenant: { name: 'Priya Shah', address: 'Flat 9, 4 Mill Lane, Leeds LS1 4AB' },
      paidAmount: '0.00',
      paidPence: 0,
      minimumPence: 100,
    });
    // No email, phone, batch or ids beyond the link's own.
    expect(response.body).not.toContain('margaret.hughes@example.co.uk');
    expect(response.body).not.toContain('+447700900123');
  });

  it('keeps the answer out of caches, referrers and search indexes', async () => {
    const link = await createPaymentLink(t.ctx);
    for (const response of [await get(link.id), await get('no-such-link')]) {
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-robots-tag']).toContain('noindex');
    }
  });

  it('answers unknown, expired and failed links identically, and a replaced one with when', async () => {
    const expired = await createPaymentLink(t.ctx, { expires_at: t.clock.now() - 1 });
    const swept = await createPaymentLink(t.ctx, { status: 'expired' });
    const failed = await createPaymentLink(t.ctx, {
      status: 'failed',
      failure_reason: 'The Direct Debit payment was not completed by the bank.',
    });
    const cancelled = await createPaymentLink(t.ctx, {
      status: 'expired',
      closed_reason: 'cancelled',
    });

    const answers = [];
    for (const id of ['Zx81abcDEFghiJKLmnoPQr', expired.id, swept.id, failed.id, cancelled.id]) {
      const response = await get(id);
      answers.push({
        status: response.statusCode,
        body: response.body,
        type: response.headers['content-type'],
        cache: response.headers['cache-control'],
      });
    }
    expect(answers[0]).toEqual({
      status: 404,
      body: JSON.stringify({
        state: 'unavailable',
        canRequestNewLink: true,
        message: PAYMENT_LINK_NOT_AVAILABLE_MESSAGE,
      }),
      type: 'application/json; charset=utf-8',
      cache: 'no-store',
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);

    // A replaced link is no dead end: it says when the newer link was sent, and nothing more.
    const successor = await createPaymentLink(t.ctx, {
      tenant: { email: 'successor@example.co.uk' },
    });
    const replaced = await createPaymentLink(t.ctx, {
      status: 'expired',
      replaced_by: successor.id,
    });
    const response = await get(replaced.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      state: 'replaced',
      replacedOn: new Date(successor.created_at).toISOString(),
      canRequestNewLink: true,
      message: PAYMENT_LINK_NOT_AVAILABLE_MESSAGE,
    });
    expect(response.body).not.toContain(successor.id);
    expect(response.body).not.toContain('successor@example.co.uk');

    // Closed because nothing was owed (a cheque, a correction): no link to ask for, so it says
    // so, while that is still true.
    const settled = await createPaymentLink(t.ctx, {
      status: 'expired',
      closed_reason: 'settled',
      closed_at: t.clock.now(),
      tenant: { balance_pence: 0 },
    });
    expect((await get(settled.id)).json()).toEqual({
      state: 'settled',
      settledOn: new Date(t.clock.now()).toISOString(),
      canRequestNewLink: true,
      message: PAYMENT_LINK_NOT_AVAILABLE_MESSAGE,
    });
    await t.ctx.db
      .updateTable('tenants')
      .set({ balance_pence: 5_000 })
      .where('id', '=', settled.tenant_id)
      .execute();
    expect((await get(settled.id)).json().state).toBe('unavailable');

    // Expired before a correction or a cheque cleared the balance, or replaced by a link since
    // paid: still nothing to ask for, so no offer of a link that would never come.
    const nothingOwed = { balance_pence: 0 };
    const lapsed = await createPaymentLink(t.ctx, { status: 'expired', tenant: nothingOwed });
    const paidSuccessor = await createPaymentLink(t.ctx, { status: 'paid', tenant: nothingOwed });
    const superseded = await createPaymentLink(t.ctx, {
      status: 'expired',
      replaced_by: paidSuccessor.id,
      tenant_id: paidSuccessor.tenant_id,
    });
    for (const link of [lapsed, superseded]) {
      expect((await get(link.id)).json()).toEqual({
        state: 'settled',
        canRequestNewLink: true,
        message: PAYMENT_LINK_NOT_AVAILABLE_MESSAGE,
      });
    }
  });

  it('says a paid link is paid, and a settling one is processing', async () => {
    const paid = await createPaymentLink(t.ctx, { status: 'paid', paid_at: t.clock.now() });
    const settling = await createPaymentLink(t.ctx, {
      processing_since: t.clock.now(),
      // Settling payments keep their link visible past its expiry.
      expires_at: t.clock.now() - DAY_MS,
    });
    expect((await get(paid.id)).json().status).toBe('paid');
    expect((await get(settling.id)).json().status).toBe('processing');
  });

  it('changes nothing in the database (mail scanners and previews fetch links)', async () => {
    const link = await createPaymentLink(t.ctx);
    const before = await snapshot();

    for (let i = 0; i < 5; i += 1) expect((await get(link.id)).statusCode).toBe(200);
    await t.app.inject({ method: 'HEAD', url: `/api/payment-link/${link.id}` });

    expect(await snapshot()).toEqual(before);
  });

  it('records the first opening once, through the page’s POST', async () => {
    const link = await createPaymentLink(t.ctx);
    const opened = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/payment-link/${link.id}/opened`,
        headers: { origin: TEST_ORIGIN },
      });

    expect((await opened()).statusCode).toBe(204);
    const first = t.clock.now();
    t.clock.advance(60_000);
    expect((await opened()).statusCode).toBe(204);

    const row = await t.ctx.db
      .selectFrom('payment_links')
      .select(['opened_at', 'status'])
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ opened_at: first, status: 'pending' });

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/payment-link/not-a-link/opened',
      headers: { origin: TEST_ORIGIN },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: PAYMENT_LINK_NOT_AVAILABLE_MESSAGE });
  });

  it('limits one address guessing ids, even when it then finds a real link', async () => {
    const link = await createPaymentLink(t.ctx);
    for (let i = 0; i < LINK_MISS_LIMIT.max; i += 1) {
      expect((await get(`guess-${i}`)).statusCode).toBe(404);
    }

    const limited = await get(link.id);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: TOO_MANY_LINK_REQUESTS_MESSAGE });
    expect(limited.headers['retry-after']).toBe(String(LINK_MISS_LIMIT.windowMs / 1000));

    // Another address is unaffected; the limit lifts after its window.
    expect((await get(link.id, '198.51.100.20')).statusCode).toBe(200);
    t.clock.advance(LINK_MISS_LIMIT.windowMs + 1);
    expect((await get(link.id)).statusCode).toBe(200);
  });

  it('counts a miss for a link that is not available, and none for one that is', async () => {
    const link = await createPaymentLink(t.ctx);
    const expired = await createPaymentLink(t.ctx, { expires_at: t.clock.now() - 1 });
    expect((await get(link.id)).statusCode).toBe(200);
    expect((await get(expired.id)).statusCode).toBe(404);
    const misses = await t.ctx.db
      .selectFrom('rate_limit_events')
      .select('key')
      .where('bucket', '=', LINK_MISS_LIMIT.bucket)
      .execute();
    expect(misses).toHaveLength(1);
  });

  it('lets a leaseholder read their own link many times without being limited', async () => {
    const link = await createPaymentLink(t.ctx);
    for (let i = 0; i < LINK_MISS_LIMIT.max * 2; i += 1) {
      expect((await get(link.id)).statusCode).toBe(200);
    }
  });
});
