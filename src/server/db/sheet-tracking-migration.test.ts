import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentLink } from '../../../tests/helpers/factories.js';
import { createTestContext, type TestContext } from '../../../tests/helpers/test-context.js';
import { sheetTracking } from './migrations/0023-sheet-tracking.js';

const DAY_MS = 24 * 3_600_000;

describe('migration 0023: when an upload last named each account', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  it('fills it from the newest upload link, the day a sheet agreed, or the first upload', async () => {
    const start = Date.UTC(2026, 8, 1, 10, 0);
    t.clock.set(start);
    const fromLinks = await createPaymentLink(t.ctx, { tenant: { name: 'By its links' } });
    const agreed = await createPaymentLink(t.ctx, { tenant: { name: 'Agreed' } });
    const staffOnly = await createPaymentLink(t.ctx, { tenant: { name: 'Staff link only' } });
    t.clock.set(start + 30 * DAY_MS);
    await createPaymentLink(t.ctx, { tenant_id: fromLinks.tenant_id, batch_id: 'batch-2' });
    await createPaymentLink(t.ctx, { tenant_id: staffOnly.tenant_id, batch_id: null });
    await t.ctx.db
      .updateTable('tenants')
      .set({ sheet_agreed_at: start + 40 * DAY_MS })
      .where('id', '=', agreed.tenant_id)
      .execute();
    // As the database was before the migration.
    await sql`drop index tenants_last_sheet_at`.execute(t.ctx.db);
    await sql`alter table tenants drop column last_sheet_at`.execute(t.ctx.db);
    await sql`alter table tenants drop column corrected_from_pence`.execute(t.ctx.db);

    await sheetTracking(t.ctx.engine).up(t.ctx.db as unknown as Kysely<unknown>);

    const rows = await t.ctx.db.selectFrom('tenants').select(['id', 'last_sheet_at']).execute();
    expect(Object.fromEntries(rows.map((row) => [row.id, Number(row.last_sheet_at)]))).toEqual({
      [fromLinks.tenant_id]: start + 30 * DAY_MS,
      [agreed.tenant_id]: start + 40 * DAY_MS,
      [staffOnly.tenant_id]: start,
    });
  });
});
