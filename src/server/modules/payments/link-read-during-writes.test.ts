import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  signIn,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { csvOf, HEADER, uploadFile } from '../../../../tests/helpers/uploads.js';

const ROW = ['Nia Evans', 'nia@example.co.uk', '07911 123456', '7 Castle Street', '£1,245.50'];

// On SQLite, a file database as in production (memory has no second connection); on PostgreSQL
// (DATABASE_URL set), the pool.
describe('the public link read while a write transaction is open', () => {
  let dir: string;
  let t: TestContext;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-read-'));
    t = await createTestContext({ sqlitePath: path.join(dir, 'portal.sqlite') });
  });
  afterEach(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers a leaseholder without waiting for an upload's transaction to end", async () => {
    const cookie = await signIn(t.app);
    await uploadFile(t.app, cookie, 'one.csv', csvOf([HEADER, ROW]));
    const { id } = await t.ctx.db
      .selectFrom('payment_links')
      .select('id')
      .executeTakeFirstOrThrow();

    // A large upload holds SQLite's one writing connection for its whole transaction; the read
    // below is made inside such a transaction, so it would wait for itself if it needed that
    // connection, and the test would time out.
    await t.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('tenants').set({ balance_pence: 99_900 }).execute();
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/payment-link/${id}`,
        remoteAddress: '203.0.113.9',
      });
      expect(read.statusCode).toBe(200);
      // The last commit, not the transaction's change in progress.
      expect(read.json()).toMatchObject({ amountPence: 124_550, tenant: { name: 'Nia Evans' } });
    });

    const after = await t.app.inject({ method: 'GET', url: `/api/payment-link/${id}` });
    expect(after.json()).toMatchObject({ amountPence: 99_900 });
  });
});
