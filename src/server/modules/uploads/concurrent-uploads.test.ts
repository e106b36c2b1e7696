import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { untilSomeoneWaitsFor } from '../../../../tests/helpers/pg-waits.js';
import { createInstancesOnOneDatabase } from '../../../../tests/helpers/shared-database.js';
import { signIn, type TestContext } from '../../../../tests/helpers/test-context.js';
import { batchOf, csvOf, HEADER, uploadFile } from '../../../../tests/helpers/uploads.js';
import { BULK_LINK_WRITES, lockKeys } from '../../db/key-locks.js';
import { expireLinks } from '../payment-links/expire-links.js';

/** `count` leaseholders, without references (found again by name and address), owing `pounds`. */
function leaseholders(count: number, pounds: string): string[][] {
  return Array.from({ length: count }, (_, i) => [
    `Leaseholder ${i + 1} Example`,
    `leaseholder${i + 1}@example.co.uk`,
    '',
    `Flat ${i + 1}, Riverside Court, London SE1 9AA`,
    pounds,
  ]);
}

/**
 * Two clerks upload sheets of the same leaseholders at the same moment: neither may fail, and no
 * leaseholder may get two accounts or two links. On PostgreSQL they upload to two server
 * processes, whose transactions run at once; SQLite runs one web process (README), so there both
 * go to the one.
 */
describe('two uploads at once', () => {
  let t: TestContext;
  let other: TestContext;
  let cookie: string;
  let close: () => Promise<void>;

  beforeEach(async () => {
    const shared = await createInstancesOnOneDatabase(process.env.DATABASE_URL ? 2 : 1);
    t = shared.instances[0] as TestContext;
    other = shared.instances[1] ?? t;
    close = shared.close;
    cookie = await signIn(t.app);
  });
  afterEach(() => close());

  const counts = async () => ({
    accounts: Number(
      (
        await t.ctx.db
          .selectFrom('tenants')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    open: Number(
      (
        await t.ctx.db
          .selectFrom('payment_links')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  it('new leaseholders get one account and one link each', async () => {
    const rows = leaseholders(700, '120.00');
    const [a, b] = await Promise.all([
      uploadFile(t.app, cookie, 'clerk-a.csv', csvOf([HEADER, ...rows])),
      uploadFile(other.app, cookie, 'clerk-b.csv', csvOf([HEADER, ...[...rows].reverse()])),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);

    const batches = [await batchOf(t.app, cookie, a), await batchOf(t.app, cookie, b)];
    const made = batches.map((batch) => batch.reconciliation);
    expect(made).toContainEqual({ new: 700, changed: 0, unchanged: 0, settled: 0, notOwed: 0 });
    expect(made).toContainEqual({ new: 0, changed: 0, unchanged: 700, settled: 0, notOwed: 0 });
    expect(await counts()).toEqual({ accounts: 700, open: 700 });
  });

  // Enough rows that the first upload is still writing when the second starts (each process
  // reads one spreadsheet at a time, and these two share this test's process).
  it("a month's sheet uploaded twice, in two orders, changes each balance once", async () => {
    const month1 = await uploadFile(
      t.app,
      cookie,
      'october.csv',
      csvOf([HEADER, ...leaseholders(6_000, '120.00')]),
    );
    expect(month1.statusCode, month1.body).toBe(200);

    const rows = leaseholders(6_000, '240.00');
    const [a, b] = await Promise.all([
      uploadFile(t.app, cookie, 'november.csv', csvOf([HEADER, ...rows])),
      uploadFile(other.app, cookie, 'november-sorted.csv', csvOf([HEADER, ...[...rows].reverse()])),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);

    const made = [
      (await batchOf(t.app, cookie, a)).reconciliation,
      (await batchOf(t.app, cookie, b)).reconciliation,
    ];
    expect(made).toContainEqual({ new: 0, changed: 6_000, unchanged: 0, settled: 0, notOwed: 0 });
    expect(made).toContainEqual({ new: 0, changed: 0, unchanged: 6_000, settled: 0, notOwed: 0 });
    expect(await counts()).toEqual({ accounts: 6_000, open: 6_000 });
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('the expiry sweep during an upload', () => {
  let t: TestContext;
  let close: () => Promise<void>;

  beforeEach(async () => {
    const shared = await createInstancesOnOneDatabase(1);
    t = shared.instances[0] as TestContext;
    close = shared.close;
  });
  afterEach(() => close());

  it('waits for the upload to commit, as a second upload would', async () => {
    const cookie = await signIn(t.app);
    await uploadFile(t.app, cookie, 'october.csv', csvOf([HEADER, ...leaseholders(3, '120.00')]));
    t.clock.advance(15 * 24 * 3_600_000);

    // An upload's transaction, from its first statement: it holds what every upload holds.
    const upload = await t.ctx.db.startTransaction().execute();
    try {
      await lockKeys(upload, t.ctx.engine, [BULK_LINK_WRITES]);
      const sweep = expireLinks(t.ctx);
      await untilSomeoneWaitsFor(t.ctx.db, upload, 'the upload');
      await upload.commit().execute();
      expect(await sweep).toBe(3);
    } finally {
      if (!upload.isCommitted) await upload.rollback().execute();
    }
  });
});
