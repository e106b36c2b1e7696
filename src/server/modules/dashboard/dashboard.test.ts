import { afterEach, describe, expect, it } from 'vitest';
import { createPaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createTestContext,
  signIn,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { manualClock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('dashboard figures', () => {
  let t: TestContext;
  afterEach(async () => {
    await t.close();
  });

  async function start(iso: string) {
    t = await createTestContext({ clock: manualClock(Date.parse(iso)) });
    return signIn(t.app);
  }
  const get = async (cookie: string, url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  async function paidAt(at: number, amountPence: number, name = 'Margaret Hughes') {
    const link = await createPaymentLink(t.ctx, {
      tenant: { name },
      amount_pence: amountPence,
      status: 'paid',
      paid_at: at,
      created_at: at - DAY,
      expires_at: at + 6 * DAY,
    });
    await t.ctx.db
      .insertInto('payments')
      .values({
        id: newId(),
        link_id: link.id,
        provider: 'demo',
        provider_ref: `demo_${newId()}`,
        method: 'card',
        amount_pence: amountPence,
        currency: 'gbp',
        status: 'succeeded',
        failure_reason: null,
        created_at: at,
        updated_at: at,
        paid_at: at,
      })
      .execute();
    return link;
  }

  it('counts today from midnight UK time on the day the clocks go back', async () => {
    // 25 Oct 2026 00:30 UTC is 01:30 BST: today began at 24 Oct 23:00 UTC.
    const cookie = await start('2026-10-25T00:30:00Z');
    await paidAt(Date.parse('2026-10-24T23:30:00Z'), 10_000);
    await paidAt(Date.parse('2026-10-24T22:59:00Z'), 99_999);
    const stats = await get(cookie, '/api/dashboard/stats');
    expect(stats.paymentsToday).toBe(100);
    expect(stats.paymentsTodayCount).toBe(1);
  });

  it('starts a new day at midnight in winter', async () => {
    const cookie = await start('2026-11-30T23:50:00Z');
    await paidAt(Date.parse('2026-11-30T23:45:00Z'), 12_345);
    expect((await get(cookie, '/api/dashboard/stats')).paymentsToday).toBe(123.45);
    t.clock.advance(20 * 60 * 1000);
    const fresh = await signIn(t.app);
    expect((await get(fresh, '/api/dashboard/stats')).paymentsToday).toBe(0);
  });

  it('defines outstanding, active links and the 30-day success rate on fixed data', async () => {
    const cookie = await start('2026-03-29T12:00:00Z');
    const now = t.clock.now();
    await createPaymentLink(t.ctx, { amount_pence: 100_00, expires_at: now + DAY });
    await createPaymentLink(t.ctx, { amount_pence: 250_50, expires_at: now + 3 * DAY });
    // Settling by Direct Debit: still outstanding, not an active link.
    await createPaymentLink(t.ctx, {
      amount_pence: 40_00,
      expires_at: now - HOUR,
      processing_since: now - 2 * HOUR,
    });
    // Past its expiry (not yet swept), expired, failed, renewed: not active, but their accounts
    // still owe (issue 29: a link's expiry never changes what is owed).
    await createPaymentLink(t.ctx, { amount_pence: 1_000_00, expires_at: now - 2 * DAY });
    await createPaymentLink(t.ctx, {
      amount_pence: 2_000_00,
      status: 'expired',
      expires_at: now - 3 * DAY,
    });
    await createPaymentLink(t.ctx, {
      amount_pence: 3_000_00,
      status: 'failed',
      expires_at: now - 40 * DAY,
    });
    await createPaymentLink(t.ctx, {
      amount_pence: 4_000_00,
      status: 'expired',
      expires_at: now - DAY,
      replaced_by: 'renewal',
    });
    await paidAt(now - 2 * DAY, 50_00);
    await paidAt(now - 10 * DAY, 60_00);
    await paidAt(now - 40 * DAY, 70_00);
    // A balance paid through a link that had been renewed closes both links: one outcome.
    const newest = await createPaymentLink(t.ctx, {
      amount_pence: 80_00,
      status: 'paid',
      paid_at: now - 5 * DAY,
    });
    await createPaymentLink(t.ctx, {
      amount_pence: 80_00,
      status: 'paid',
      paid_at: now - 5 * DAY,
      replaced_by: newest.id,
    });

    const stats = await get(cookie, '/api/dashboard/stats');
    // Every account's balance above £0: 100 + 250.50 + 40 + 1,000 + 2,000 + 3,000 + 4,000.
    expect(stats.totalOutstanding).toBe(10_390.5);
    expect(stats.activeLinks).toBe(2);
    // Paid in 30 days: 3 (the renewal chain once); lapsed with expiry in 30 days: the unswept
    // one and the expired one.
    expect(stats.successRate).toBe(60);
    expect(stats.successRateOutcomes).toBe(5);
  });

  it('answers zero figures and empty lists on an empty database', async () => {
    const cookie = await start('2026-06-01T09:00:00Z');
    expect(await get(cookie, '/api/dashboard/stats')).toEqual({
      totalOutstanding: 0,
      activeLinks: 0,
      paymentsToday: 0,
      paymentsTodayCount: 0,
      successRate: 0,
      successRateOutcomes: 0,
    });
    expect(await get(cookie, '/api/dashboard/recent-payments')).toEqual([]);
    expect(await get(cookie, '/api/dashboard/expiring-links')).toEqual([]);
  });

  it('lists recent payments newest first and links expiring soon or just expired', async () => {
    const cookie = await start('2026-06-01T09:00:00Z');
    const now = t.clock.now();
    await paidAt(now - 3 * HOUR, 10_00, 'Older Payer');
    await paidAt(now - HOUR, 20_00, 'Newer Payer');
    const soon = await createPaymentLink(t.ctx, {
      expires_at: now + 5 * HOUR,
      tenant: { name: 'Soon' },
    });
    const gone = await createPaymentLink(t.ctx, {
      expires_at: now - 5 * HOUR,
      tenant: { name: 'Gone' },
    });
    await createPaymentLink(t.ctx, { expires_at: now + 5 * DAY, tenant: { name: 'Later' } });
    await createPaymentLink(t.ctx, { expires_at: now - 10 * DAY, tenant: { name: 'Long gone' } });

    const recent = await get(cookie, '/api/dashboard/recent-payments');
    expect(recent.map((payment: { tenantName: string }) => payment.tenantName)).toEqual([
      'Newer Payer',
      'Older Payer',
    ]);
    expect(recent[0]).toMatchObject({
      amount: '20.00',
      paidAt: new Date(now - HOUR).toISOString(),
    });
    const expiring = await get(cookie, '/api/dashboard/expiring-links');
    expect(expiring.map((link: { id: string }) => link.id)).toEqual([gone.id, soon.id]);
  });
});
