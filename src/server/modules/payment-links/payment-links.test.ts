import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { runHousekeeping } from '../../jobs/housekeeping.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('payment links', () => {
  let t: TestContext;
  let cookie: string;

  beforeEach(async () => {
    t = await createTestContext();
    cookie = await signIn(t.app);
  });
  afterEach(async () => {
    await t.close();
  });

  const list = async (query: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/payment-links?${query}`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const renew = (id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/payment-links/${id}/renew`,
      headers: { cookie, origin: TEST_ORIGIN },
    });

  async function seed() {
    const made = [];
    const people = [
      ['Margaret Hughes', 'margaret@example.co.uk', 'Flat 3, Riverside Court', 124_550, 'pending'],
      ['dafydd ap Gruffydd', 'dafydd@example.cymru', 'Fflat 7, Stryd y Castell', 31_000, 'paid'],
      ['Siobhán Ó Súilleabháin', null, 'Flat 9, Quay Street', 8_999, 'failed'],
      ['Ann 50% Smith', 'ann_smith@example.com', 'Flat 1, Mill Lane', 50_000, 'pending'],
      ['Bob Jones', 'bob@example.com', '2 Riverside Court', 10_000, 'expired'],
    ] as const;
    for (const [name, email, address, amount, status] of people) {
      made.push(
        await createPaymentLink(t.ctx, {
          tenant: { name, email, address },
          amount_pence: amount,
          status,
          paid_at: status === 'paid' ? t.clock.now() : null,
        }),
      );
      t.clock.advance(1000);
    }
    return made;
  }

  it('lists newest first by default, with the tenant, the amount in pounds and the total', async () => {
    const made = await seed();
    const page = await list('limit=2');
    expect(page.total).toBe(5);
    expect(page.items.map((item: { tenant: { name: string } }) => item.tenant.name)).toEqual([
      'Bob Jones',
      'Ann 50% Smith',
    ]);
    expect(page.items[1]).toMatchObject({
      id: made[3]!.id,
      amount: '500.00',
      amountPence: 50_000,
      status: 'pending',
      linkUrl: `http://localhost:3000/payment/${made[3]!.id}`,
      tenant: { email: 'ann_smith@example.com', address: 'Flat 1, Mill Lane' },
    });
    const next = await list('limit=2&offset=2');
    expect(next.items).toHaveLength(2);
    expect(next.total).toBe(5);
  });

  it('sorts by each column both ways', async () => {
    await seed();
    const names = async (query: string) =>
      (await list(query)).items.map((item: { tenant: { name: string } }) => item.tenant.name);
    expect(await names('sort=tenantName&direction=asc')).toEqual([
      'Ann 50% Smith',
      'Bob Jones',
      'dafydd ap Gruffydd',
      'Margaret Hughes',
      'Siobhán Ó Súilleabháin',
    ]);
    expect(await names('sort=amount&direction=desc')).toEqual([
      'Margaret Hughes',
      'Ann 50% Smith',
      'dafydd ap Gruffydd',
      'Bob Jones',
      'Siobhán Ó Súilleabháin',
    ]);
    const statuses = (await list('sort=status&direction=asc')).items.map(
      (item: { status: string }) => item.status,
    );
    expect(statuses).toEqual(['expired', 'failed', 'paid', 'pending', 'pending']);
    expect(await names('sort=createdAt&direction=asc')).toEqual([
      'Margaret Hughes',
      'dafydd ap Gruffydd',
      'Siobhán Ó Súilleabháin',
      'Ann 50% Smith',
      'Bob Jones',
    ]);
  });

  it('filters by status and searches name, email and address in any case', async () => {
    await seed();
    const names = async (query: string) =>
      (await list(query)).items.map((item: { tenant: { name: string } }) => item.tenant.name);
    expect(await names('status=pending&sort=tenantName&direction=asc')).toEqual([
      'Ann 50% Smith',
      'Margaret Hughes',
    ]);
    expect(await names('search=RIVERSIDE&sort=tenantName&direction=asc')).toEqual([
      'Bob Jones',
      'Margaret Hughes',
    ]);
    expect(await names('search=example.cymru')).toEqual(['dafydd ap Gruffydd']);
    expect(await names('search=siobhán')).toEqual(['Siobhán Ó Súilleabháin']);
    // Beyond ASCII too, on both databases: "ó súil" finds "Ó Súilleabháin".
    expect(await names(`search=${encodeURIComponent('ó súil')}`)).toEqual([
      'Siobhán Ó Súilleabháin',
    ]);
    // % and _ are characters to find, not wildcards.
    expect(await names('search=50%25')).toEqual(['Ann 50% Smith']);
    expect(await names('search=n_s')).toEqual(['Ann 50% Smith']);
    expect((await list('search=riverside&status=expired')).total).toBe(1);
  });

  it('refuses a bad query with a clear message', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/payment-links?status=lost&limit=0',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTruthy();
  });

  // The list shows the effective status and writes nothing; housekeeping makes the transition.
  it('lists a pending link past its expiry as expired; housekeeping then expires it and cancels its reminders', async () => {
    const link = await createPaymentLink(t.ctx);
    await t.app.inject({
      method: 'POST',
      url: '/api/preview/send',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: {
        tenant: { name: 'Margaret Hughes', address: 'Flat 3' },
        amount: '1245.50',
        paymentUrl: `http://localhost:3000/payment/${link.id}`,
        expiresAt: new Date(link.expires_at).toISOString(),
      },
    });
    const reminders = () =>
      t.ctx.db.selectFrom('jobs').select('status').where('kind', '=', 'send-reminder').execute();
    const storedStatus = async () =>
      (
        await t.ctx.db
          .selectFrom('payment_links')
          .select('status')
          .where('id', '=', link.id)
          .executeTakeFirstOrThrow()
      ).status;
    expect((await reminders()).map((job) => job.status)).toEqual(['queued', 'queued']);

    t.clock.advance(7 * DAY);
    cookie = await signIn(t.app);
    const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);
    expect(ids(await list('status=expired'))).toEqual([link.id]);
    expect((await list('status=expired')).total).toBe(1);
    expect((await list('status=pending')).total).toBe(0);
    expect((await list('')).items[0]).toMatchObject({ id: link.id, status: 'expired' });
    // A GET writes nothing: the stored status and the reminders wait for housekeeping.
    expect(await storedStatus()).toBe('pending');
    expect((await reminders()).map((job) => job.status)).toEqual(['queued', 'queued']);

    await runHousekeeping(t.ctx);
    expect(await storedStatus()).toBe('expired');
    expect((await reminders()).map((job) => job.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('sorts by the effective status: a pending link past its expiry sorts with the expired', async () => {
    const due = await createPaymentLink(t.ctx, { expires_at: t.clock.now() + DAY });
    t.clock.advance(1000);
    const open = await createPaymentLink(t.ctx, { expires_at: t.clock.now() + 3 * DAY });
    t.clock.advance(1000);
    const expired = await createPaymentLink(t.ctx, { status: 'expired' });
    t.clock.advance(2 * DAY);
    cookie = await signIn(t.app);
    const page = await list('sort=status&direction=asc');
    expect(
      page.items.map((item: { id: string; status: string }) => [item.id, item.status]),
    ).toEqual([
      [due.id, 'expired'],
      [expired.id, 'expired'],
      [open.id, 'pending'],
    ]);
  });

  it('renews a pending or expired link: a new link for the same amount, sent, the old one replaced', async () => {
    const [margaret, , , , bob] = await seed();
    for (const old of [margaret!, bob!]) {
      const response = await renew(old.id);
      expect(response.statusCode, response.body).toBe(200);
      const fresh = response.json();
      expect(fresh.id).not.toBe(old.id);
      expect(fresh).toMatchObject({ status: 'pending', amountPence: old.amount_pence });
      expect(Date.parse(fresh.expiresAt) - t.clock.now()).toBe(7 * DAY);
      const before = await t.ctx.db
        .selectFrom('payment_links')
        .select(['status', 'replaced_by'])
        .where('id', '=', old.id)
        .executeTakeFirstOrThrow();
      expect(before).toEqual({ status: 'expired', replaced_by: fresh.id });
      const messages = await t.ctx.db
        .selectFrom('messages')
        .select('channel')
        .where('link_id', '=', fresh.id)
        .execute();
      expect(messages.length).toBeGreaterThan(0);
    }
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'payment_link.renewed')
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('refuses to renew paid, already renewed and unknown links; renews a failed one', async () => {
    const [margaret, dafydd, siobhan] = await seed();
    expect((await renew(dafydd!.id)).statusCode).toBe(409);
    // A failed Direct Debit leaves the balance owed: the account can be sent a new link.
    const failed = await renew(siobhan!.id);
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({ amountPence: 8_999, status: 'pending' });
    expect((await renew(margaret!.id)).statusCode).toBe(200);
    const again = await renew(margaret!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'This link has already been renewed: renew its new link instead.',
    );
    expect((await renew('no-such-link')).statusCode).toBe(404);
  });

  it('makes one new link when the same link is renewed twice at once', async () => {
    const link = await createPaymentLink(t.ctx);
    const answers = await Promise.all([renew(link.id), renew(link.id), renew(link.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const links = await t.ctx.db.selectFrom('payment_links').select('id').execute();
    expect(links).toHaveLength(2);
  });
});
