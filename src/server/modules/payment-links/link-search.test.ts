import { CompiledQuery, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createTestContext,
  signIn,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { csvOf, HEADER, uploadFile } from '../../../../tests/helpers/uploads.js';
import { runHousekeeping } from '../../jobs/housekeeping.js';
import { newId } from '../../lib/ids.js';
import { matchKeyOf } from '../accounts/account-keys.js';
import { drainLinkSearch, matchesSearch } from './link-search.js';
import { newPaymentLinkRow } from './new-payment-link-row.js';
import { tenantSearchText } from './tenant-search-text.js';

// Links inserted with their search text, as an upload writes them: on SQLite they wait for the
// trigram index (migration 0012) and searches must find them all the same. On PostgreSQL the
// same searches run against its own index, and draining is a no-op.
describe('link search with links not indexed yet', () => {
  let t: TestContext;
  let cookie: string;
  const isSqlite = () => t.ctx.engine === 'sqlite';

  beforeEach(async () => {
    t = await createTestContext();
    cookie = await signIn(t.app);
  });
  afterEach(() => t.close());

  /** Leaseholders and links written in one go, as createBatch does. */
  async function insertAsUpload(people: { name: string; address: string }[]) {
    const tenants = people.map((person) => {
      const fields = { ...person, email: null };
      return {
        id: newId(),
        ...fields,
        phone: '+447700900123',
        phone_kind: 'mobile' as const,
        search_text: tenantSearchText(fields),
        match_key: matchKeyOf(fields.name, fields.address),
        created_at: t.clock.now(),
      };
    });
    for (let at = 0; at < tenants.length; at += 500) {
      await t.ctx.db
        .insertInto('tenants')
        .values(tenants.slice(at, at + 500))
        .execute();
    }
    const links = tenants.map((tenant) => ({
      ...newPaymentLinkRow(t.ctx, { tenantId: tenant.id, amountPence: 10_000, batchId: null }),
      search_text: tenant.search_text,
    }));
    for (let at = 0; at < links.length; at += 500) {
      await t.ctx.db
        .insertInto('payment_links')
        .values(links.slice(at, at + 500))
        .execute();
    }
    return links;
  }

  const pendingCount = async () =>
    isSqlite()
      ? Number(
          (
            await sql<{ n: number }>`select count(*) as n from payment_links_fts_pending`.execute(
              t.ctx.db,
            )
          ).rows[0]!.n,
        )
      : 0;
  const indexedMatches = async (phrase: string) =>
    Number(
      (
        await sql<{ n: number }>`select count(*) as n from payment_links_fts
          where payment_links_fts match ${`"${phrase}"`}`.execute(t.ctx.db)
      ).rows[0]!.n,
    );
  const search = async (query: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/payment-links?${query}&sort=tenantName&direction=asc`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    return {
      total: page.total as number,
      names: page.items.map((item: { tenant: { name: string } }) => item.tenant.name),
    };
  };

  it('finds a new link before and after its text is indexed, with the same totals', async () => {
    await createPaymentLink(t.ctx, {
      tenant: { name: 'Indexed Ivy', address: '1 Riverside Court' },
    });
    await insertAsUpload([
      { name: 'Pending Pat', address: '2 Riverside Court' },
      { name: 'Pending Priya', address: '3 Mill Lane' },
    ]);
    if (isSqlite()) {
      expect(await pendingCount()).toBe(2);
      expect(await indexedMatches('riverside')).toBe(1);
    }

    const before = {
      riverside: await search('search=riverside'),
      pending: await search('search=pending'),
      millStatus: await search('search=mill%20lane&status=pending'),
    };
    expect(before.riverside).toEqual({ total: 2, names: ['Indexed Ivy', 'Pending Pat'] });
    expect(before.pending).toEqual({ total: 2, names: ['Pending Pat', 'Pending Priya'] });
    expect(before.millStatus).toEqual({ total: 1, names: ['Pending Priya'] });

    expect(await drainLinkSearch(t.ctx)).toBe(isSqlite() ? 2 : 0);
    expect(await pendingCount()).toBe(0);
    if (isSqlite()) expect(await indexedMatches('riverside')).toBe(2);
    expect(await search('search=riverside')).toEqual(before.riverside);
    expect(await search('search=pending')).toEqual(before.pending);
    expect(await search('search=mill%20lane&status=pending')).toEqual(before.millStatus);
  });

  it('a leaseholder renamed while their link waits is found by the new name only', async () => {
    const [link] = await insertAsUpload([{ name: 'Old Name', address: '4 Quay Street' }]);
    const rename = async (name: string) => {
      const fields = { name, email: null, address: '4 Quay Street' };
      await t.ctx.db
        .updateTable('tenants')
        .set({ name, search_text: tenantSearchText(fields) })
        .where('id', '=', link!.tenant_id)
        .execute();
    };
    await rename('Middle Name');
    expect((await search('search=old%20name')).total).toBe(0);
    expect((await search('search=middle%20name')).names).toEqual(['Middle Name']);

    await drainLinkSearch(t.ctx);
    expect((await search('search=old%20name')).total).toBe(0);
    expect((await search('search=middle%20name')).names).toEqual(['Middle Name']);
    // Once indexed, a change goes to the index at once.
    await rename('New Name');
    expect((await search('search=middle%20name')).total).toBe(0);
    expect((await search('search=new%20name')).names).toEqual(['New Name']);
    if (isSqlite()) expect(await indexedMatches('middle name')).toBe(0);
  });

  it('indexes thousands in chunks, each link once, even with two drains at once', async () => {
    const people = Array.from({ length: 2_500 }, (_, index) => ({
      name: `Leaseholder ${index}`,
      address: `Flat ${index}, Harbour View`,
    }));
    await insertAsUpload(people);
    const [first, second] = await Promise.all([drainLinkSearch(t.ctx), drainLinkSearch(t.ctx)]);
    expect(first + second).toBe(isSqlite() ? 2_500 : 0);
    expect(await pendingCount()).toBe(0);
    if (isSqlite()) expect(await indexedMatches('harbour view')).toBe(2_500);
    expect((await search('search=harbour%20view&limit=1')).total).toBe(2_500);
  });

  it('a link deleted while it waits leaves the list and the index untouched', async () => {
    if (!isSqlite()) return;
    const [gone, kept] = await insertAsUpload([
      { name: 'Gone Gwen', address: '5 Quay Street' },
      { name: 'Kept Kim', address: '6 Quay Street' },
    ]);
    await t.ctx.db.deleteFrom('payment_links').where('id', '=', gone!.id).execute();
    expect(await pendingCount()).toBe(1);
    expect(await drainLinkSearch(t.ctx)).toBe(1);
    expect((await search('search=quay%20street')).names).toEqual(['Kept Kim']);
    await t.ctx.db.deleteFrom('payment_links').where('id', '=', kept!.id).execute();
    expect(await indexedMatches('quay street')).toBe(0);
  });

  it('an upload through the API is indexed in the background, and housekeeping drains leftovers', async () => {
    const upload = await uploadFile(
      t.app,
      cookie,
      'arrears.csv',
      csvOf([
        HEADER,
        ['Nia Evans', 'nia@example.co.uk', '07911 123456', '7 Castle Street', '10.00'],
      ]),
    );
    expect(upload.statusCode, upload.body).toBe(200);
    await vi.waitFor(async () => expect(await pendingCount()).toBe(0));
    if (isSqlite()) expect(await indexedMatches('castle street')).toBe(1);

    await insertAsUpload([{ name: 'Left Over', address: '8 Castle Street' }]);
    await runHousekeeping(t.ctx);
    expect(await pendingCount()).toBe(0);
    expect((await search('search=castle%20street')).total).toBe(2);
  });

  it('reads the pending list, not every link, to match the links not indexed yet', async () => {
    if (!isSqlite()) return; // PostgreSQL has no pending list.
    // Planner statistics as production has them after an upload was indexed: many links, an
    // empty pending list. Without its CROSS JOIN the search's pending part then scanned every
    // link with LIKE (40 ms a search at 100,000 links, bench/tracking.ts).
    await insertAsUpload(
      Array.from({ length: 2_000 }, (_, n) => ({ name: `Person ${n}`, address: `${n} Mill Lane` })),
    );
    await drainLinkSearch(t.ctx);
    await sql`analyze`.execute(t.ctx.db);

    const query = t.ctx.db
      .selectFrom('payment_links')
      .select('id')
      .where(matchesSearch(t.ctx, 'mill lane').page)
      .compile();
    const plan = await t.ctx.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    const steps = plan.rows.map((row) => row.detail);
    expect(steps).toContain('SCAN pending');
    expect(steps).toContain('SEARCH pending_link USING INTEGER PRIMARY KEY (rowid=?)');
  });
});
