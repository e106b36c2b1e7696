import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase, PAGE_BYTES } from './create-database.js';

describe('a new SQLite database file', () => {
  it('is made with pages of 8 KB, in write-ahead-log mode', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-db-'));
    const handle = await createDatabase({ sqlitePath: path.join(dir, 'portal.sqlite') });
    try {
      const pageSize = await sql<{ page_size: number }>`pragma page_size`.execute(handle.db);
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(handle.db);
      expect(PAGE_BYTES).toBe(8192);
      expect(pageSize.rows[0]?.page_size).toBe(8192);
      expect(mode.rows[0]?.journal_mode).toBe('wal');
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
