import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from './create-database.js';

// The read-only connection's reads share one snapshot per turn of the event loop
// (sqlite-dialect.ts, decision 0010). Kysely's awaits are microtasks, so each test below runs
// in one turn until it waits for setImmediate.
describe('the read snapshot shared by one turn', () => {
  let dir: string;
  let file: string;
  let handle: DatabaseHandle;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-snapshot-'));
    file = path.join(dir, 'portal.sqlite');
    handle = await createDatabase({ sqlitePath: file });
    await sql`create table t (v integer)`.execute(handle.db);
    await sql`insert into t values (1)`.execute(handle.db);
  });
  afterEach(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const read = async () =>
    (await sql<{ v: number }>`select v from t`.execute(handle.readDb)).rows[0]?.v;

  it('ends at a write on this process’s writing connection: a read after it sees it', async () => {
    expect(await read()).toBe(1);
    await sql`update t set v = 2`.execute(handle.db);
    expect(await read()).toBe(2);
    await handle.db.transaction().execute(async (trx) => {
      await sql`update t set v = 3`.execute(trx);
    });
    expect(await read()).toBe(3);
  });

  it('sees another process’s write from the next turn', async () => {
    const other = new SQLite(file);
    try {
      expect(await read()).toBe(1);
      other.prepare('update t set v = 4').run();
      expect(await read()).toBe(1);
      await new Promise((resolve) => setImmediate(resolve));
      expect(await read()).toBe(4);
    } finally {
      other.close();
    }
  });

  it('steps aside for an explicit transaction on the read-only connection', async () => {
    expect(await read()).toBe(1);
    const inside = await handle.readDb
      .transaction()
      .execute(async (trx) => (await sql<{ v: number }>`select v from t`.execute(trx)).rows[0]?.v);
    expect(inside).toBe(1);
    expect(await read()).toBe(1);
  });
});
