import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  signIn,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { csvOf, HEADER, uploadFile } from '../../../../tests/helpers/uploads.js';
import { buildApp } from '../../app.js';
import { createAppLogger } from '../../http/request-log.js';

const DISK_FULL_MESSAGE =
  'The server has run out of disk space: nothing from this file was saved. Please tell your administrator.';

let t: TestContext | undefined;
let app: FastifyInstance | undefined;
let dir: string | undefined;
afterEach(async () => {
  await app?.close();
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  app = t = dir = undefined;
});

/** The app on a SQLite file (WAL, as in production) or a PostgreSQL schema, its log kept. */
async function loggedApp() {
  dir = mkdtempSync(path.join(tmpdir(), 'disk-full-'));
  t = await createTestContext({ sqlitePath: path.join(dir, 'portal.sqlite') });
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  app = await buildApp(t.ctx, {
    logger: createAppLogger({ logLevel: 'info', isProduction: true }, stream),
    clientDir: '/nonexistent-client-dir',
  });
  return { ctx: t.ctx, app, lines };
}

/**
 * The disk fills part-way through the upload's writes. SQLite: the file may grow by a few pages
 * only (`max_page_count`), so SQLITE_FULL, and SQLite rolls the whole transaction back itself
 * when a one-row statement fails so; PostgreSQL: a trigger raises disk_full (53100) from the
 * link of row 400 on, after the earlier rows' links and events were written.
 */
async function fillTheDisk(ctx: TestContext['ctx']): Promise<() => Promise<void>> {
  if (ctx.engine === 'sqlite') {
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(ctx.db);
    const pages = rows[0]!.page_count;
    await sql.raw(`pragma max_page_count = ${pages + 8}`).execute(ctx.db);
    return async () => {
      await sql.raw('pragma max_page_count = 1073741823').execute(ctx.db);
    };
  }
  await sql`
    create function full_disk() returns trigger language plpgsql as $$
    begin
      raise exception 'could not extend file: No space left on device' using errcode = '53100';
    end $$`.execute(ctx.db);
  await sql`
    create trigger full_disk before insert on payment_links
    for each row when (new.batch_row >= 400) execute function full_disk()`.execute(ctx.db);
  return async () => {
    await sql`drop trigger full_disk on payment_links`.execute(ctx.db);
  };
}

const counts = async (ctx: TestContext['ctx']) => ({
  tenants: (
    await ctx.db
      .selectFrom('tenants')
      .select(ctx.db.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
  links: (
    await ctx.db
      .selectFrom('payment_links')
      .select(ctx.db.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
  events: (
    await ctx.db
      .selectFrom('account_events')
      .select(ctx.db.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
});

describe('a full disk during an upload (issue 30, item 10)', () => {
  it('answers 507 in words, logs the database’s own error, keeps nothing, and works once there is room', {
    timeout: 60_000,
  }, async () => {
    const { ctx, app, lines } = await loggedApp();
    const cookie = await signIn(app);
    const leaseholders = (from: number, count: number, pounds: string) =>
      Array.from({ length: count }, (_, i) => [
        `Tenant ${from + i}`,
        `t${from + i}@example.co.uk`,
        '07911 123456',
        `${from + i} Long Road`,
        pounds,
      ]);
    const first = csvOf([HEADER, ...leaseholders(0, 600, '100.00')]);
    expect((await uploadFile(app, cookie, 'first.csv', first)).statusCode).toBe(200);
    const before = await counts(ctx);

    // A month later: every known balance changes (a row at a time: an event, a new link), and
    // 300 leaseholders are new.
    const file = csvOf([
      HEADER,
      ...leaseholders(0, 600, '250.00'),
      ...leaseholders(600, 300, '12.34'),
    ]);
    const makeRoom = await fillTheDisk(ctx);
    const refused = await uploadFile(app, cookie, 'arrears.csv', file);

    expect(refused.statusCode, refused.body).toBe(507);
    expect(refused.json()).toEqual({ message: DISK_FULL_MESSAGE });
    const code = ctx.engine === 'sqlite' ? 'SQLITE_FULL' : '53100';
    const logged = lines.find((line) => line.level === 50 && String(line.msg).startsWith(code));
    expect(logged, JSON.stringify(lines)).toMatchObject({
      err: { code },
      msg: expect.stringContaining('answered 507'),
    });
    expect(JSON.stringify(lines)).not.toContain('cannot rollback');

    // Nothing half-written: no account, link or event of the file; the known balances as they were.
    expect(await counts(ctx)).toEqual(before);
    const owed = await ctx.db
      .selectFrom('tenants')
      .select(ctx.db.fn.sum<number>('balance_pence').as('pence'))
      .executeTakeFirstOrThrow();
    expect(Number(owed.pence)).toBe(600 * 10_000);
    const batches = await ctx.db
      .selectFrom('upload_batches')
      .select(['filename', 'status', 'error_log'])
      .orderBy('created_at')
      .execute();
    expect(batches.map((batch) => [batch.filename, batch.status])).toEqual([
      ['first.csv', 'completed'],
      ['arrears.csv', 'failed'],
    ]);
    expect(batches[1]!.error_log).toMatch(
      /^The server ran out of disk space: no payment links were created/,
    );

    await makeRoom();
    const accepted = await uploadFile(app, cookie, 'arrears.csv', file);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await counts(ctx)).toMatchObject({ tenants: Number(before.tenants) + 300 });
  });
});
