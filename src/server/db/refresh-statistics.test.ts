import { CompiledQuery, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTenant } from '../../../tests/helpers/factories.js';
import { createTestContext, type TestContext } from '../../../tests/helpers/test-context.js';
import { runHousekeeping } from '../jobs/housekeeping.js';
import { pageIdsQuery } from '../modules/payment-links/list-payment-links.js';

/** Links in the proportions of a real estate: most paid, a third expired, a few open or failed. */
const SHARES = { expired: 12_000, failed: 1_500, paid: 25_000, pending: 500 };

describe.runIf(!process.env.DATABASE_URL)("SQLite's planner statistics", () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(async () => {
    await t.close();
  });

  async function seedLinks() {
    const tenant = await createTenant(t.ctx);
    let from = 0;
    for (const [status, count] of Object.entries(SHARES)) {
      await sql`with recursive n(i) as (select ${from} union all select i + 1 from n
          where i < ${from + count - 1})
        insert into payment_links (id, tenant_id, amount_pence, status, expires_at, created_at,
          search_text)
        select 'link-' || i, ${tenant.id}, 1000 + i % 5000, ${status}, ${t.clock.now()} + i,
          ${t.clock.now()} - i, printf('name %06d', (i * 7919) % 40000)
        from n`.execute(t.ctx.db);
      from += count;
    }
  }

  const planOf = async (query: { compile(): CompiledQuery }) => {
    const { sql: text, parameters } = query.compile();
    const { rows } = await t.ctx.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
    );
    return rows.map((row) => row.detail).join('; ');
  };
  const page = (status: 'paid' | 'failed', sort: 'tenantName' | 'status') =>
    pageIdsQuery(
      t.ctx,
      { status, sort, direction: 'asc', limit: 25, offset: 0 },
      null,
      t.clock.now(),
    );

  it('counts every row of a large table, so a common status is not taken for a rare one', async () => {
    await seedLinks();
    await runHousekeeping(t.ctx);

    const { rows } = await sql<{ stat: string }>`select stat from sqlite_stat1
      where idx = 'payment_links_status_order'`.execute(t.ctx.db);
    // Rows, then the average rows per status: 39,000 links over four statuses.
    expect(rows[0]?.stat.split(' ').slice(0, 2)).toEqual(['39000', '9750']);

    // Paid by name walks the name order and stops after a page; the few failed links are found
    // by their status and sorted.
    expect(await planOf(page('paid', 'tenantName'))).toMatch(/payment_links_name_order/);
    expect(await planOf(page('paid', 'tenantName'))).not.toMatch(/TEMP B-TREE/);
    expect(await planOf(page('failed', 'tenantName'))).toMatch(/\(status=\?\); USE TEMP B-TREE/);
  });

  it('reads one status sorted by status in the order the status index holds', async () => {
    await seedLinks();
    await runHousekeeping(t.ctx);
    expect(await planOf(page('paid', 'status'))).toMatch(/payment_links_status_order/);
    expect(await planOf(page('paid', 'status'))).not.toMatch(/TEMP B-TREE/);
  });
});
