import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDatabase, type DatabaseHandle } from './create-database.js';

const THRESHOLD = 256 * 1024;

describe('write-ahead log checkpoints (SQLite file)', () => {
  let dir: string;
  let file: string;
  let handle: DatabaseHandle;

  const sizeOf = (name: string) => statSync(name).size;

  /** About `megabytes` MB of rows in one transaction. */
  async function writeRows(megabytes: number) {
    await handle.db.transaction().execute(async (trx) => {
      for (let n = 0; n < megabytes * 256; n += 1) {
        await sql`insert into filler (body) values (${'x'.repeat(4000)})`.execute(trx);
      }
    });
  }

  async function open(intervalMs: number) {
    handle = await createDatabase({
      sqlitePath: file,
      walCheckpoint: { intervalMs, thresholdBytes: THRESHOLD },
    });
    await sql`create table filler (id integer primary key, body text)`.execute(handle.db);
  }

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-wal-'));
    file = path.join(dir, 'portal.sqlite');
  });

  afterEach(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves a commit in the log, and a worker thread copies it into the database file', async () => {
    await open(60_000);
    await writeRows(2);
    // The commit ran no checkpoint: the rows are in the log only.
    expect(sizeOf(file)).toBeLessThan(100 * 1024);
    expect(sizeOf(`${file}-wal`)).toBeGreaterThan(2 * 1024 * 1024);

    await handle.checkpoints!.checkNow();
    expect(sizeOf(file)).toBeGreaterThan(2 * 1024 * 1024);
    const { rows } = await sql<{ count: number }>`select count(*) as count from filler`.execute(
      handle.db,
    );
    expect(rows[0]!.count).toBe(512);
  });

  it('checkpoints by itself once the log passes the threshold', async () => {
    await open(20);
    await writeRows(1);
    await vi.waitFor(() => expect(sizeOf(file)).toBeGreaterThan(1024 * 1024), {
      timeout: 5000,
    });
  });

  it('cuts a checkpointed log back when a write starts it over', async () => {
    await open(60_000);
    await writeRows(2);
    await handle.checkpoints!.checkNow();
    await sql`insert into filler (body) values ('small')`.execute(handle.db);
    expect(sizeOf(`${file}-wal`)).toBeLessThanOrEqual(THRESHOLD / 4);
  });

  it("keeps the connection's own checkpoint only as a backstop far past the threshold", async () => {
    await open(60_000);
    const { rows } = await sql<{
      wal_autocheckpoint: number;
    }>`pragma wal_autocheckpoint`.execute(handle.db);
    expect(rows[0]!.wal_autocheckpoint).toBe(51_200); // 400 MB of 8 KB pages
  });
});
