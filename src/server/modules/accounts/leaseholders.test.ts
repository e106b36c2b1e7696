import { text } from 'node:stream/consumers';
import type { Insertable } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentLink, type PaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { LEASEHOLDER_SORTS } from '../../../shared/leaseholders.js';
import type { TenantsTable } from '../../db/schema.js';
import { jobHandlers } from '../../jobs/handlers.js';
import { runHousekeeping } from '../../jobs/housekeeping.js';
import { runDueJobs } from '../../jobs/run-due-jobs.js';
import { remindersCancelKey } from '../messages/job-kinds.js';
import { sendPaymentLinkMessages } from '../messages/send-payment-link-messages.js';
import { newPaymentLinkRow } from '../payment-links/new-payment-link-row.js';
import { accountsCsv } from './export-accounts.js';
import { listAccounts } from './list-accounts.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describe('leaseholder accounts', () => {
  let t: TestContext;
  let cookie: string;
  let link: PaymentLink;

  beforeEach(async () => {
    t = await createTestContext();
    t.clock.set(Date.UTC(2026, 10, 2, 10, 0));
    cookie = await signIn(t.app);
    link = await createPaymentLink(t.ctx, {
      amount_pence: 120_000,
      tenant: {
        name: 'Margaret Hughes',
        email: 'margaret@example.co.uk',
        phone: '+447911123456',
        address: 'Flat 3, Riverside Court, London SE1 9AA',
        reference: 'RIV-F3',
        reference_key: 'rivf3',
      },
    });
    await sendPaymentLinkMessages(t.ctx, [link.id]);
  });
  afterEach(() => t.close());

  const api = async (
    method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
    url: string,
    payload?: object,
  ) => {
    cookie = await signIn(t.app);
    return t.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_ORIGIN },
      ...(payload ? { payload } : {}),
    });
  };
  const account = async () => (await api('GET', `/api/leaseholders/${link.tenant_id}`)).json();
  const runJobs = () =>
    runDueJobs(t.ctx, jobHandlers(t.ctx), { workerId: 'test-worker', limit: 100 });
  const queuedReminders = async () =>
    (
      await t.ctx.db
        .selectFrom('jobs')
        .select('id')
        .where('cancel_key', '=', remindersCancelKey(link.id))
        .where('status', '=', 'queued')
        .execute()
    ).length;
  /** When the link's queued reminders will run, soonest first. */
  const reminderTimes = async () =>
    (
      await t.ctx.db
        .selectFrom('jobs')
        .select('run_at')
        .where('kind', '=', 'send-reminder')
        .where('status', '=', 'queued')
        .orderBy('run_at')
        .execute()
    ).map((job) => job.run_at);
  const stats = async () => (await api('GET', '/api/dashboard/stats')).json();
  /** Accounts written straight to the table, 500 a statement; with a link each if `withLinks`. */
  const insertAccounts = async (
    rows: (Insertable<TenantsTable> & { search_text: string })[],
    withLinks = false,
  ) => {
    for (let at = 0; at < rows.length; at += 500) {
      const slice = rows.slice(at, at + 500);
      await t.ctx.db.insertInto('tenants').values(slice).execute();
      if (!withLinks) continue;
      const links = slice.map((row) => ({
        ...newPaymentLinkRow(t.ctx, { tenantId: row.id, amountPence: 100, batchId: null }),
        search_text: row.search_text,
      }));
      await t.ctx.db.insertInto('payment_links').values(links).execute();
    }
  };

  it('finds a leaseholder by reference, phone or name, filters and sorts on the server', async () => {
    await createPaymentLink(t.ctx, {
      amount_pence: 5_000,
      tenant: { name: 'Dafydd Jones', address: 'Flat 4, Riverside Court' },
    });
    const settled = await createPaymentLink(t.ctx, {
      status: 'paid',
      tenant: { name: 'Siân Evans', address: 'Flat 5, Riverside Court' },
    });
    for (const search of [
      'riv-f3',
      'RIV F3',
      '07911 123456',
      '+44 7911 123456',
      '123456',
      'margaret HUGHES',
    ]) {
      const page = (
        await api('GET', `/api/leaseholders?search=${encodeURIComponent(search)}`)
      ).json();
      expect(page.total, search).toBe(1);
      expect(page.items[0]).toMatchObject({
        id: link.tenant_id,
        reference: 'RIV-F3',
        name: 'Margaret Hughes',
        email: 'margaret@example.co.uk',
        phone: '+447911123456',
        address: 'Flat 3, Riverside Court, London SE1 9AA',
        balance: '1200.00',
        openLink: { id: link.id, amount: '1200.00' },
      });
    }
    // Names are found through the links' search index (SQLite: before and after the new links
    // are indexed), a term too short for it by the accounts' own text.
    const found = async (search: string) =>
      (await api('GET', `/api/leaseholders?search=${encodeURIComponent(search)}`))
        .json()
        .items.map((item: { name: string }) => item.name);
    expect(await found('jones')).toEqual(['Dafydd Jones']);
    await runHousekeeping(t.ctx);
    expect(await found('jones')).toEqual(['Dafydd Jones']);
    expect(await found('riverside court')).toHaveLength(3);
    expect(await found('ân')).toEqual(['Siân Evans']);
    const owing = (
      await api('GET', '/api/leaseholders?status=owing&sort=balance&direction=asc')
    ).json();
    expect(owing.items.map((item: { name: string }) => item.name)).toEqual([
      'Dafydd Jones',
      'Margaret Hughes',
    ]);
    const done = (await api('GET', '/api/leaseholders?status=settled')).json();
    expect(done.items.map((item: { id: string }) => item.id)).toEqual([settled.tenant_id]);
    const paged = (
      await api('GET', '/api/leaseholders?limit=1&offset=1&sort=name&direction=asc')
    ).json();
    expect(paged).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(paged.items[0].name).toBe('Margaret Hughes');

    const csv = await api('GET', '/api/leaseholders/export.csv?status=owing');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain('"RIV-F3","Margaret Hughes"');
    expect(csv.body).toContain('"07911 123456"');
    expect(csv.body).not.toContain('Siân Evans');
  });

  it('finds an address as a letter or another system writes it, flat by whole flat', async () => {
    await createPaymentLink(t.ctx, {
      amount_pence: 7_000,
      tenant: { name: 'Ravi Patel', address: 'Flat 13, Riverside Court, London' },
    });
    const found = async (search: string) =>
      (await api('GET', `/api/leaseholders?search=${encodeURIComponent(search)}`))
        .json()
        .items.map((item: { name: string }) => item.name);
    for (const address of ['3 Riverside Ct', 'Riverside Court, Flat 3', 'APT 3 RIVERSIDE CT.']) {
      expect(await found(address), address).toEqual(['Margaret Hughes']);
    }
    expect(await found('13 Riverside Ct')).toEqual(['Ravi Patel']);
    expect(await found('4 Riverside Court London')).toEqual([]);
  });

  it('sorts by days owing either way with accounts not owing last, and by name', async () => {
    t.clock.advance(-30 * DAY_MS);
    await createPaymentLink(t.ctx, { tenant: { name: 'Dafydd Jones', address: 'Flat 4' } });
    t.clock.advance(40 * DAY_MS);
    await createPaymentLink(t.ctx, { tenant: { name: 'bob Price', address: 'Flat 6' } });
    await createPaymentLink(t.ctx, {
      status: 'paid',
      tenant: { name: 'Siân Evans', address: 'Flat 5' },
    });
    const names = async (query: string) =>
      (await api('GET', `/api/leaseholders?${query}`))
        .json()
        .items.map((item: { name: string }) => item.name);
    expect(await names('sort=daysOwing&direction=desc')).toEqual([
      'Dafydd Jones',
      'Margaret Hughes',
      'bob Price',
      'Siân Evans',
    ]);
    expect(await names('sort=daysOwing&direction=asc')).toEqual([
      'bob Price',
      'Margaret Hughes',
      'Dafydd Jones',
      'Siân Evans',
    ]);
    expect(await names('sort=name&direction=asc')).toEqual([
      'bob Price',
      'Dafydd Jones',
      'Margaret Hughes',
      'Siân Evans',
    ]);
  });

  it('lists as unreachable those whose messages all failed, not those waiting or reached', async () => {
    const leaseholder = async (name: string, statuses: string[]) => {
      const made = await createPaymentLink(t.ctx, { tenant: { name, address: `${name} Flat` } });
      await sendPaymentLinkMessages(t.ctx, [made.id]);
      const messages = await t.ctx.db
        .selectFrom('messages')
        .select('id')
        .where('link_id', '=', made.id)
        .orderBy('channel')
        .execute();
      for (const [index, status] of statuses.entries()) {
        await t.ctx.db
          .updateTable('messages')
          .set({ status: status as never })
          .where('id', '=', messages[index]!.id)
          .execute();
      }
    };
    await leaseholder('Failed Both', ['failed', 'undelivered']);
    await leaseholder('Failed Then Reached', ['failed', 'delivered']);
    await leaseholder('Still Waiting', ['queued', 'sending']);
    await leaseholder('Cancelled Only', ['cancelled', 'cancelled']);
    await createPaymentLink(t.ctx, { tenant: { name: 'Never Asked', address: 'Flat 9' } });
    const page = (await api('GET', '/api/leaseholders?status=unreachable')).json();
    expect(page.items.map((item: { name: string }) => item.name)).toEqual(['Failed Both']);
    expect(page.total).toBe(1);
  });

  it('exports thousands of accounts in the list order, page after page', async () => {
    const now = t.clock.now();
    // Ties on balance and on owing since, and one account in five not owing.
    const rows = Array.from({ length: 2_500 }, (_, n) => ({
      id: `acct-${String((n * 7919) % 2_500).padStart(4, '0')}`,
      name: `Acct ${String(n).padStart(4, '0')}`,
      address: `Flat ${n}`,
      match_key: `acct ${n}|flat ${n}`,
      search_text: `acct ${n}\n\nflat ${n}`,
      balance_pence: n % 5 === 0 ? 0 : (n % 7) * 100,
      owing_since: n % 5 === 0 ? null : now - (n % 11) * DAY_MS,
      created_at: now,
    }));
    await insertAccounts(rows);
    const all = [
      ...rows,
      { id: link.tenant_id, name: 'Margaret Hughes', balance_pence: 120_000, owing_since: now },
    ];
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const exported = async (query: string) =>
      (await api('GET', `/api/leaseholders/export.csv?${query}`)).body
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split('","')[1]);
    const names = (sorted: typeof all) => sorted.map((row) => row.name);

    const oldestFirst = [...all].sort(
      (a, b) =>
        (a.owing_since === null ? 1 : 0) - (b.owing_since === null ? 1 : 0) ||
        (a.owing_since ?? 0) - (b.owing_since ?? 0) ||
        byId(a, b),
    );
    expect(await exported('sort=daysOwing&direction=desc')).toEqual(names(oldestFirst));
    const newestFirst = [...all].sort(
      (a, b) =>
        (a.owing_since === null ? 1 : 0) - (b.owing_since === null ? 1 : 0) ||
        (b.owing_since ?? 0) - (a.owing_since ?? 0) ||
        byId(b, a),
    );
    expect(await exported('sort=daysOwing&direction=asc')).toEqual(names(newestFirst));
    const largest = [...all].sort((a, b) => b.balance_pence - a.balance_pence || byId(b, a));
    expect(await exported('sort=balance&direction=desc')).toEqual(names(largest));
    const byName = [...all].sort((a, b) =>
      a.name.toLowerCase().localeCompare(b.name.toLowerCase()),
    );
    expect(await exported('sort=name&direction=asc')).toEqual(names(byName));
  });

  it('lists owing accounts beside another owing account at the same flat', async () => {
    const now = t.clock.now();
    const accountAt = (name: string, key: string, balance: number, erased = false) => ({
      id: `acct-${key}-${name.replaceAll(' ', '')}`,
      name,
      address: key,
      match_key: `${name.replaceAll(' ', '').toLowerCase()}|${key}`,
      search_text: name.toLowerCase(),
      balance_pence: balance,
      owing_since: balance > 0 ? now : null,
      created_at: now,
      erased_at: erased ? now : null,
    });
    await insertAccounts([
      // One leaseholder, named two ways by two sheets.
      accountAt('E Hughes', 'flat9milllane', 50_000),
      accountAt('Edith Hughes', 'flat9milllane', 50_000),
      accountAt('Erased Person', 'flat9milllane', 100, true),
      // A sale: the seller settled.
      accountAt('Old Owner', 'flat10milllane', 0),
      accountAt('New Owner', 'flat10milllane', 30_000),
      accountAt('Erased Other', 'flat11milllane', 100, true),
      accountAt('Alone', 'flat11milllane', 20_000),
      accountAt('Zed Big', 'flat12milllane', 90_000),
      accountAt('Amy Small', 'flat12milllane', 1_000),
    ]);
    const names = async (sort: string) =>
      (await api('GET', `/api/leaseholders?status=same_flat&${sort}`))
        .json()
        .items.map((item: { name: string }) => item.name);
    // Grouped by property, so each flat's accounts stand together, in the chosen order within it.
    expect(await names('sort=name&direction=asc')).toEqual([
      'Amy Small',
      'Zed Big',
      'E Hughes',
      'Edith Hughes',
    ]);
    expect(await names('sort=balance&direction=desc')).toEqual([
      'Edith Hughes',
      'E Hughes',
      'Zed Big',
      'Amy Small',
    ]);
    const page = (await api('GET', '/api/leaseholders?status=same_flat')).json();
    expect(page.total).toBe(4);

    // Each one's page names the other, with what it owes; a settled seller's names nobody.
    const sameFlatOf = async (id: string) =>
      (await api('GET', `/api/leaseholders/${id}`)).json().sameFlat;
    expect(await sameFlatOf('acct-flat9milllane-EHughes')).toEqual([
      { id: 'acct-flat9milllane-EdithHughes', name: 'Edith Hughes', balancePence: 50_000 },
    ]);
    expect(await sameFlatOf('acct-flat10milllane-NewOwner')).toEqual([]);
    expect(await sameFlatOf('acct-flat10milllane-OldOwner')).toEqual([]);
  });

  it('exports page after page in exactly the list order, for every sort, filter and direction', async () => {
    const now = t.clock.now();
    // Equal balances, equal owing-since days and equal names, so only the id orders them, and
    // accounts not owing, in credit and settled, each group longer than a page.
    const rows = Array.from({ length: 12 }, (_, n) => ({
      id: `acct-${String((n * 5) % 12).padStart(2, '0')}`,
      name: n % 3 === 0 ? 'Same Name' : `Name ${n % 4}`,
      address: `Flat ${n}`,
      match_key: `flat ${n}`,
      search_text: `name\n\nflat ${n}`,
      balance_pence: [0, 0, 500, -500, 500, 0, 900][n % 7]!,
      owing_since: [null, null, now - DAY_MS, null, now - DAY_MS, null, now - 2 * DAY_MS][n % 7]!,
      created_at: now,
    }));
    await insertAccounts(rows);
    for (const sort of LEASEHOLDER_SORTS) {
      for (const direction of ['asc', 'desc'] as const) {
        for (const status of [undefined, 'owing', 'settled', 'same_flat'] as const) {
          const query = { sort, direction, status };
          const listed = await listAccounts(t.ctx, { ...query, limit: 100, offset: 0 });
          const csv = await text(accountsCsv(t.ctx, query, { pageRows: 2 }));
          const addresses = csv
            .split('\r\n')
            .slice(1, -1)
            .map((line) => line.split('","')[4]);
          expect(addresses, `${sort} ${direction} ${status}`).toEqual(
            listed.items.map((item) => item.address),
          );
        }
      }
    }
  });

  it('counts the accounts up to 10,000 and says when there are more', async () => {
    const now = t.clock.now();
    const rows = Array.from({ length: 10_001 }, (_, n) => ({
      id: `bulk-${String(n).padStart(5, '0')}`,
      name: `Tenant ${n}`,
      address: `Flat ${n}`,
      match_key: `tenant ${n}|flat ${n}`,
      search_text: `tenant ${n}\n\nflat ${n}`,
      balance_pence: 100,
      owing_since: now,
      created_at: now,
    }));
    await insertAccounts(rows, true);
    const all = (await api('GET', '/api/leaseholders?limit=25')).json();
    expect(all).toMatchObject({ total: 10_000, isTotalCapped: true });
    expect(all.items).toHaveLength(25);
    const some = (await api('GET', '/api/leaseholders?search=hughes')).json();
    expect(some).toMatchObject({ total: 1, isTotalCapped: false });
    // A term in more links than the count's cap, and one in a hundred: read two ways, both right.
    const common = (
      await api('GET', '/api/leaseholders?search=tenant&sort=name&direction=asc')
    ).json();
    expect(common).toMatchObject({ total: 10_000, isTotalCapped: true });
    expect(common.items[0].name).toBe('Tenant 0');
    const rare = (
      await api('GET', '/api/leaseholders?search=tenant%2099&sort=name&direction=asc')
    ).json();
    expect(rare).toMatchObject({ total: 111, isTotalCapped: false });
    expect(rare.items.slice(0, 3).map((item: { name: string }) => item.name)).toEqual([
      'Tenant 99',
      'Tenant 990',
      'Tenant 9900',
    ]);
  });

  it('keeps Total Outstanding when links expire unpaid', async () => {
    expect((await stats()).totalOutstanding).toBe(1_200);
    t.clock.advance(8 * DAY_MS);
    await runHousekeeping(t.ctx);
    const after = await stats();
    expect(after.totalOutstanding).toBe(1_200);
    expect(after.activeLinks).toBe(0);
    expect((await account()).balance).toBe('1200.00');
    // Housekeeping folded the running total into one row without changing it.
    expect(await t.ctx.db.selectFrom('owed_deltas').selectAll().execute()).toMatchObject([
      { pence: 120_000 },
    ]);
    await api('POST', `/api/leaseholders/${link.tenant_id}/payments`, {
      amount: '200.00',
      method: 'cash',
      paidOn: '2026-11-10',
    });
    expect((await stats()).totalOutstanding).toBe(1_000);
  });

  it('records a cheque that covers the balance: the link closes and its reminders stop', async () => {
    const part = await api('POST', `/api/leaseholders/${link.tenant_id}/payments`, {
      amount: '200.00',
      method: 'bank_transfer',
      reference: 'FPS 8812',
      paidOn: '2026-11-02',
    });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json()).toMatchObject({ balance: '1000.00', openLink: { id: link.id } });
    expect(await queuedReminders()).toBe(2);
    expect((await stats()).paymentsToday).toBe(200);

    const rest = await api('POST', `/api/leaseholders/${link.tenant_id}/payments`, {
      amount: '1000.00',
      method: 'cheque',
      reference: '000123',
      paidOn: '2026-11-01',
    });
    expect(rest.statusCode, rest.body).toBe(201);
    const detail = rest.json();
    expect(detail).toMatchObject({ balance: '0.00', openLink: null });
    expect(await queuedReminders()).toBe(0);
    const closed = await t.ctx.db
      .selectFrom('payment_links')
      .select(['status', 'closed_reason'])
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(closed).toEqual({ status: 'expired', closed_reason: 'settled' });
    expect(detail.timeline.map((event: { kind: string }) => event.kind)).toEqual(
      expect.arrayContaining(['offline_payment', 'link_settled', 'link_created', 'message']),
    );
    const cheque = detail.timeline.find(
      (event: { title: string }) => event.title === 'Cheque recorded',
    );
    expect(cheque).toMatchObject({
      amount: '1000.00',
      detail: 'Paid on 01/11/2026, reference 000123',
    });

    const receipt = await api(
      'GET',
      `/api/leaseholders/${link.tenant_id}/payments/${cheque.refId}/receipt`,
    );
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');

    // Its page no longer asks for money; the messages waiting to go are cancelled.
    const page = await t.app.inject({ method: 'GET', url: `/api/payment-link/${link.id}` });
    expect(page.statusCode).toBe(404);
    await runJobs();
    const statuses = await t.ctx.db.selectFrom('messages').select('status').execute();
    expect(statuses.every((message) => message.status === 'cancelled')).toBe(true);
  });

  it('refuses a bad offline payment with a clear message and records nothing', async () => {
    for (const [body, message] of [
      [
        { amount: 'abc', method: 'cash', paidOn: '2026-11-02' },
        'Enter the amount received in pounds, for example 20.00.',
      ],
      [
        { amount: '10.00', method: 'cash', paidOn: '2026-12-25' },
        'The payment date cannot be in the future.',
      ],
      [
        { amount: '10.00', method: 'bitcoin', paidOn: '2026-11-02' },
        'Choose how it was paid: bank transfer, cheque, cash or other',
      ],
    ] as const) {
      const response = await api('POST', `/api/leaseholders/${link.tenant_id}/payments`, body);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(message);
    }
    expect(await t.ctx.db.selectFrom('offline_payments').select('id').execute()).toEqual([]);
    expect((await account()).balance).toBe('1200.00');
  });

  it('holds chasing: a due reminder waits for the hold to end, then goes', async () => {
    await runJobs();
    const held = await api('POST', `/api/leaseholders/${link.tenant_id}/hold`, {
      until: '2026-11-08',
      reason: 'Breathing Space (debt respite)',
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({ holdReason: 'Breathing Space (debt respite)' });
    // Staff cannot send a new link while held; payments are still taken.
    const send = await api('POST', `/api/leaseholders/${link.tenant_id}/links`);
    expect(send.statusCode).toBe(409);

    // The 24-hour reminder falls due during the hold: nothing goes out.
    t.clock.set(link.expires_at - 24 * HOUR_MS + 1_000);
    await runJobs();
    const reminders = () =>
      t.ctx.db
        .selectFrom('messages')
        .select('kind')
        .where('kind', 'in', ['reminder_24h', 'reminder_1h'])
        .execute();
    expect(await reminders()).toEqual([]);

    // The hold ends with its day, at midnight: the reminder that waited goes out at 10:00 the
    // next morning, not in the night (decision 0015).
    await t.ctx.db
      .updateTable('payment_links')
      .set({ expires_at: Date.UTC(2026, 10, 20) })
      .where('id', '=', link.id)
      .execute();
    expect(await reminderTimes()).toContain(Date.UTC(2026, 10, 9, 10, 0));
    t.clock.set(Date.UTC(2026, 10, 9, 8, 30));
    await runJobs();
    expect(await reminders()).toEqual([]);
    t.clock.set(Date.UTC(2026, 10, 9, 10, 0));
    await runJobs();
    // (The 1-hour reminder, due at 09:00 after the hold, goes too: the test moved the expiry.)
    const sent = (await reminders()).map((row) => row.kind);
    expect(sent.filter((kind) => kind === 'reminder_24h')).toEqual([
      'reminder_24h',
      'reminder_24h',
    ]);
  });

  it('sends the reminders a hold kept back at once when staff end it early', async () => {
    await runJobs();
    await api('POST', `/api/leaseholders/${link.tenant_id}/hold`, {
      until: '2026-11-30',
      reason: 'Dispute',
    });
    t.clock.set(link.expires_at - 24 * HOUR_MS + 1_000);
    await runJobs();
    // Kept back to 10:00 the morning after the hold's last day.
    const resume = Date.UTC(2026, 11, 1, 10, 0);
    expect(await reminderTimes()).toContain(resume);
    // Another leaseholder's link ends at 11:00 that day: its 1-hour reminder is due at 10:00 too.
    const other = await createPaymentLink(t.ctx, { expires_at: resume + HOUR_MS });
    await sendPaymentLinkMessages(t.ctx, [other.id]);

    await api('DELETE', `/api/leaseholders/${link.tenant_id}/hold`);
    expect(await reminderTimes()).toEqual([
      t.clock.now(),
      link.expires_at - HOUR_MS,
      resume - 23 * HOUR_MS,
      resume,
    ]);
    await runJobs();
    const sent = await t.ctx.db
      .selectFrom('messages')
      .select('kind')
      .where('kind', '=', 'reminder_24h')
      .execute();
    expect(sent).toHaveLength(2);
  });

  it('ends a hold early, adds notes, edits contact details and cancels the open link', async () => {
    await api('POST', `/api/leaseholders/${link.tenant_id}/hold`, {
      until: '2026-12-01',
      reason: 'Dispute',
    });
    const ended = await api('DELETE', `/api/leaseholders/${link.tenant_id}/hold`);
    expect(ended.json()).toMatchObject({ holdUntil: null });

    t.clock.advance(60_000);
    const note = await api('POST', `/api/leaseholders/${link.tenant_id}/notes`, {
      text: 'Called: will pay on Friday.',
    });
    expect(note.statusCode).toBe(201);
    expect(note.json().timeline[0]).toMatchObject({
      kind: 'note',
      detail: 'Called: will pay on Friday.',
    });

    t.clock.advance(60_000);
    const edited = await api('PATCH', `/api/leaseholders/${link.tenant_id}`, {
      name: 'Margaret Hughes',
      email: 'm.hughes@example.org',
      phone: '07911 123457',
      address: 'Flat 3, Riverside Court, London SE1 9AA',
      reference: 'RIV-F3',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ email: 'm.hughes@example.org', phone: '+447911123457' });
    expect(edited.json().timeline[0]).toMatchObject({ kind: 'contact_changed' });
    const bad = await api('PATCH', `/api/leaseholders/${link.tenant_id}`, {
      name: 'Margaret Hughes',
      email: null,
      phone: '020 7946 0123',
      address: 'Flat 3',
      reference: null,
    });
    expect(bad.statusCode).toBe(400);

    const cancel = await api('POST', `/api/payment-links/${link.id}/cancel`);
    expect(cancel.statusCode).toBe(204);
    expect(await queuedReminders()).toBe(0);
    expect((await account()).openLink).toBeNull();
    const again = await api('POST', `/api/payment-links/${link.id}/cancel`);
    expect(again.statusCode).toBe(409);

    // Staff can send a new link for the balance; it is sent at once.
    const sent = await api('POST', `/api/leaseholders/${link.tenant_id}/links`);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().openLink).toMatchObject({ amount: '1200.00' });
    const audit = await t.ctx.db.selectFrom('audit_log').select('action').execute();
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'leaseholder.hold_started',
        'leaseholder.hold_ended',
        'leaseholder.note_added',
        'leaseholder.contact_changed',
        'payment_link.cancelled',
        'leaseholder.link_sent',
      ]),
    );
  });

  it('shows each phone as people write it: a landline grouped by its area code', async () => {
    expect(await account()).toMatchObject({ phone: '+447911123456', phoneDisplay: '07911 123456' });
    const leeds = await createPaymentLink(t.ctx, {
      tenant: { name: 'Kwame Mensah', phone: '+441134960000', phone_kind: 'landline' },
    });
    const detail = (await api('GET', `/api/leaseholders/${leeds.tenant_id}`)).json();
    expect(detail).toMatchObject({ phoneKind: 'landline', phoneDisplay: '0113 496 0000' });
  });

  it('carries the account on every payment-link item', async () => {
    const page = (await api('GET', '/api/payment-links')).json();
    expect(page.items[0].tenant.accountId).toBe(link.tenant_id);
  });

  it('is for staff only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/leaseholders' });
    expect(response.statusCode).toBe(401);
  });
});
