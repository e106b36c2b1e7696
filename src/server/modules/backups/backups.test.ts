import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createPaymentLink } from '../../../../tests/helpers/factories.js';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context.js';
import { enqueueJob } from '../../jobs/enqueue-job.js';
import { jobHandlers } from '../../jobs/handlers.js';
import { runDueJobs } from '../../jobs/run-due-jobs.js';
import { writeAudit } from '../../lib/audit.js';
import { sendPaymentLinkMessages } from '../messages/send-payment-link-messages.js';
import { backUpIfDue } from './back-up-if-due.js';
import { RestoreRefusedError, restoreBackup } from './restore-backup.js';
import { takeBackup } from './take-backup.js';

const isPostgres = Boolean(process.env.DATABASE_URL);
const HOUR = 3_600_000;
const dirs: string[] = [];
let t: TestContext | undefined;

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-backup-'));
  dirs.push(dir);
  return dir;
}

/** A portal on a SQLite file in its own data folder (a file, unlike memory, can be backed up). */
async function portalOnFile(env: Record<string, string> = {}) {
  const dataDir = tempDir();
  t = await createTestContext({
    sqlitePath: path.join(dataDir, 'portal.sqlite'),
    env: { DATA_DIR: dataDir, ...env },
  });
  return { t, dataDir };
}

/** Every table's rows (sorted) and the schema, read straight from a database file. */
function dumpTables(file: string, skip: string[]): Record<string, string[]> {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare("select name, sql from sqlite_master where type = 'table' order by name")
      .all() as { name: string; sql: string }[];
    const dump: Record<string, string[]> = { '(schema)': tables.map((table) => table.sql) };
    for (const { name } of tables) {
      if (skip.includes(name)) continue;
      const rows = db.prepare(`select * from "${name}"`).all();
      dump[name] = rows.map((row) => JSON.stringify(row)).sort();
    }
    return dump;
  } finally {
    db.close();
  }
}

afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(isPostgres)('SQLite backups', () => {
  it('a backup taken during writes restores into a fresh folder with every table equal', async () => {
    const { t } = await portalOnFile();
    const links = await Promise.all([1, 2, 3].map(() => createPaymentLink(t.ctx)));
    await sendPaymentLinkMessages(
      t.ctx,
      links.map((link) => link.id),
    );
    await runDueJobs(t.ctx, jobHandlers(t.ctx), { workerId: 'test', limit: 10 });

    // Each write is one transaction over six tables, money among them, tagged with its number.
    let written = 0;
    let isWriting = true;
    const writer = (async () => {
      while (isWriting) {
        const n = ++written;
        await t.ctx.db.transaction().execute(async (trx) => {
          await writeAudit(trx, t.ctx.clock, {
            actor: 'test',
            action: 'test.write',
            subject: `${n}`,
          });
          await trx
            .insertInto('callback_requests')
            .values({
              id: `w-${n}`,
              phone_number: '+442079460123',
              phone_input: `${n}`,
              created_at: n,
            })
            .execute();
          await enqueueJob(
            trx,
            { kind: 'test-write', payload: { n }, idempotencyKey: `w-${n}` },
            t.ctx.clock,
          );
          await trx
            .insertInto('tenants')
            .values({
              id: `w-${n}`,
              name: `Leaseholder ${n}`,
              email: null,
              phone: null,
              phone_kind: null,
              address: `Flat ${n}, Riverside Court`,
              search_text: null,
              created_at: n,
              match_key: `w-${n}`,
              balance_pence: 10_000 - n,
            })
            .execute();
          await trx
            .insertInto('offline_payments')
            .values({
              id: `w-${n}`,
              tenant_id: `w-${n}`,
              amount_pence: n,
              method: 'cheque',
              reference: null,
              paid_on: '2026-03-02',
              recorded_at: n,
              recorded_by: 'test',
            })
            .execute();
          await trx
            .insertInto('account_events')
            .values({ tenant_id: `w-${n}`, at: n, kind: 'note', actor: 'test', text: `${n}` })
            .execute();
        });
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    while (written < 20) await new Promise((resolve) => setImmediate(resolve));
    const writtenBefore = written;
    const backup = await takeBackup(t.ctx, 'command');
    const writtenAfter = written;
    isWriting = false;
    await writer;
    expect(backup?.status).toBe('ok');
    expect(writtenAfter).toBeGreaterThan(writtenBefore);

    const fresh = path.join(tempDir(), 'data');
    await restoreBackup({ dataDir: fresh, backup: backup!.path });
    const restored = path.join(fresh, 'portal.sqlite');

    // The copy is one moment: whole transactions only, every one up to the last it holds.
    const db = new SQLite(restored, { readonly: true });
    const count = (query: string) => (db.prepare(query).get() as { n: number }).n;
    const kept = count("select count(*) as n from audit_log where action = 'test.write'");
    expect(count("select count(*) as n from callback_requests where id like 'w-%'")).toBe(kept);
    expect(count("select count(*) as n from jobs where kind = 'test-write'")).toBe(kept);
    for (const table of ['tenants', 'offline_payments', 'account_events']) {
      const where = table === 'account_events' ? "actor = 'test'" : "id like 'w-%'";
      expect(count(`select count(*) as n from ${table} where ${where}`), table).toBe(kept);
    }
    expect(
      count("select max(cast(subject as integer)) as n from audit_log where action = 'test.write'"),
    ).toBe(kept);
    expect(kept).toBeGreaterThanOrEqual(writtenBefore);
    // Total Outstanding's running sum is of the same moment as the balances it adds up.
    expect(count('select sum(pence) as n from owed_deltas')).toBe(
      count('select sum(balance_pence) as n from tenants where balance_pence > 0'),
    );
    const ownRow = db
      .prepare('select status, size_bytes from backups where id = ?')
      .get(backup!.id);
    expect(ownRow).toEqual({ status: 'ok', size_bytes: backup!.size_bytes });
    db.close();

    // Take away the writes made after that moment: the rest is identical, table by table.
    const later = Array.from({ length: written - kept }, (_, index) => String(kept + index + 1));
    if (later.length > 0) {
      await t.ctx.db.deleteFrom('audit_log').where('subject', 'in', later).execute();
      await t.ctx.db.deleteFrom('callback_requests').where('phone_input', 'in', later).execute();
      await t.ctx.db
        .deleteFrom('jobs')
        .where(
          'idempotency_key',
          'in',
          later.map((n) => `w-${n}`),
        )
        .execute();
      const ids = later.map((n) => `w-${n}`);
      await t.ctx.db.deleteFrom('offline_payments').where('id', 'in', ids).execute();
      await t.ctx.db.deleteFrom('account_events').where('tenant_id', 'in', ids).execute();
      await t.ctx.db.deleteFrom('tenants').where('id', 'in', ids).execute();
    }
    // sqlite_sequence remembers the deleted rows' ids; backups records this backup's outcome;
    // owed_deltas records the deletions above as rows of their own (checked as a sum above).
    const skip = ['sqlite_sequence', 'backups', 'owed_deltas'];
    const source = dumpTables(path.join(t.ctx.config.dataDir, 'portal.sqlite'), skip);
    expect(dumpTables(restored, skip)).toEqual(source);
    expect(source.messages).toHaveLength(6);
  });

  it('keeps the database it replaces, and refuses a running portal, a damaged file and a stranger', async () => {
    const { t, dataDir } = await portalOnFile();
    const backup = (await takeBackup(t.ctx, 'command'))!;

    await expect(restoreBackup({ dataDir, backup: backup.path })).rejects.toThrow(
      /The portal is running/,
    );

    const damaged = path.join(tempDir(), 'damaged.sqlite');
    writeFileSync(damaged, 'This is not a database, though its name says so.');
    const target = tempDir();
    await expect(restoreBackup({ dataDir: target, backup: damaged })).rejects.toThrow(
      RestoreRefusedError,
    );

    const stranger = path.join(tempDir(), 'other.sqlite');
    const other = new SQLite(stranger);
    other.exec('create table notes (text text)');
    other.close();
    await expect(restoreBackup({ dataDir: target, backup: stranger })).rejects.toThrow(
      /not a portal database/,
    );
    expect(readdirSync(target)).toEqual([]);

    await restoreBackup({ dataDir: target, backup: backup.path });
    const again = await restoreBackup({ dataDir: target, backup: backup.path });
    expect(again.previous).toMatch(/portal\.sqlite\.before-restore-\d{8}T\d{6}$/);
    expect(readdirSync(target).sort()).toEqual(
      ['portal.sqlite', path.basename(again.previous!)].sort(),
    );
  });

  it('refuses a backup whose pages fail integrity_check', async () => {
    const { t } = await portalOnFile();
    await Promise.all([1, 2, 3, 4, 5].map(() => createPaymentLink(t.ctx)));
    const backup = (await takeBackup(t.ctx, 'command'))!;
    const copy = new SQLite(backup.path);
    const pageSize = copy.pragma('page_size', { simple: true }) as number;
    const root = copy
      .prepare("select rootpage from sqlite_master where name = 'payment_links_created_order'")
      .pluck()
      .get() as number;
    copy.close();
    // Scribble over an index page: the file still opens, but the index no longer matches its table.
    const damaged = path.join(tempDir(), 'damaged.sqlite');
    const file = readFileSync(backup.path);
    file.fill(0x41, (root - 1) * pageSize + 100, root * pageSize - 100);
    writeFileSync(damaged, file);

    await expect(restoreBackup({ dataDir: tempDir(), backup: damaged })).rejects.toThrow(
      /integrity check|not a readable/,
    );
  });

  it('takes one a day by itself, retries after an hour, and keeps the newest BACKUP_KEEP', async () => {
    const { t, dataDir } = await portalOnFile({ BACKUP_KEEP: '2' });
    const first = await backUpIfDue(t.ctx);
    expect(first).toMatchObject({ status: 'ok', taken_by: 'schedule' });
    t.clock.advance(23 * HOUR);
    expect(await backUpIfDue(t.ctx)).toBeNull();
    t.clock.advance(HOUR + 1);
    const second = await backUpIfDue(t.ctx);
    expect(second).not.toBeNull();

    // A failed attempt waits an hour before the next, rather than trying every minute.
    t.clock.advance(24 * HOUR);
    await t.ctx.db
      .insertInto('backups')
      .values({
        id: 'failed',
        file: 'x',
        taken_by: 'schedule',
        status: 'failed',
        started_at: t.clock.now(),
      })
      .execute();
    t.clock.advance(HOUR / 2);
    expect(await backUpIfDue(t.ctx)).toBeNull();
    t.clock.advance(HOUR / 2 + 1);
    const third = await backUpIfDue(t.ctx);
    expect(third).not.toBeNull();

    const files = readdirSync(path.join(dataDir, 'backups')).sort();
    expect(files).toEqual([second!.file, third!.file].sort());
    const rows = await t.ctx.db
      .selectFrom('backups')
      .select(['id', 'status'])
      .orderBy('started_at')
      .execute();
    expect(rows).toEqual([
      { id: second!.id, status: 'ok' },
      { id: 'failed', status: 'failed' },
      { id: third!.id, status: 'ok' },
    ]);
  });

  it('marks a backup left running by a stopped process as interrupted, and takes a new one', async () => {
    const { t } = await portalOnFile();
    await t.ctx.db
      .insertInto('backups')
      .values({
        id: 'stuck',
        file: 'x',
        taken_by: 'schedule',
        status: 'running',
        started_at: t.clock.now(),
      })
      .execute();
    expect(await backUpIfDue(t.ctx)).toBeNull();
    t.clock.advance(HOUR + 1);
    expect(await backUpIfDue(t.ctx)).not.toBeNull();
    const stuck = await t.ctx.db
      .selectFrom('backups')
      .selectAll()
      .where('id', '=', 'stuck')
      .executeTakeFirst();
    expect(stuck).toMatchObject({ status: 'failed', error: 'interrupted: the process stopped' });
  });

  it('takes none when BACKUP_INTERVAL_HOURS is 0', async () => {
    const { t } = await portalOnFile({ BACKUP_INTERVAL_HOURS: '0' });
    expect(await backUpIfDue(t.ctx)).toBeNull();
    expect(await t.ctx.db.selectFrom('backups').selectAll().execute()).toEqual([]);
  });
});

describe.runIf(isPostgres)('PostgreSQL', () => {
  it('makes no backups itself', async () => {
    t = await createTestContext({ env: { DATA_DIR: tempDir() } });
    expect(await backUpIfDue(t.ctx)).toBeNull();
    expect(await takeBackup(t.ctx, 'command')).toBeNull();
    expect(await t.ctx.db.selectFrom('backups').selectAll().execute()).toEqual([]);
  });
});
