import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/create-database.js';
import { migrateToLatest } from '../../db/migrate.js';

const root = path.resolve(import.meta.dirname, '../../../..');
const dirs: string[] = [];

/** Runs a command entry (the code `npm run backup` / `restore` runs, through tsx). */
function run(entry: 'backup' | 'restore', env: Record<string, string>, args: string[] = []) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', `src/server/${entry}.ts`, `--${entry}`, ...args],
    {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      encoding: 'utf8',
    },
  );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function portalDatabase() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-cli-'));
  dirs.push(dataDir);
  const database = await createDatabase({ sqlitePath: path.join(dataDir, 'portal.sqlite') });
  await migrateToLatest(database.db, database.engine);
  return { dataDir, database };
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('npm run backup / restore', () => {
  it('backs up while the portal has the database open, prints the path, and restores once it stops', async () => {
    const { dataDir, database } = await portalDatabase();
    const backup = run('backup', { DATA_DIR: dataDir });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const file = backup.stdout.trim().split('\n').at(-1)!;
    expect(file).toMatch(/backups\/portal-\d{8}T\d{6}Z-\w+\.sqlite$/);
    expect(existsSync(file)).toBe(true);

    const refused = run('restore', { DATA_DIR: dataDir }, [file]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Not restored: The portal is running');

    await database.close();
    const restored = run('restore', { DATA_DIR: dataDir }, [file]);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('The database it replaced is kept as');
  });

  it('explains how to back PostgreSQL up instead', () => {
    const result = run('backup', { DATABASE_URL: 'postgres://portal@db.invalid/portal' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('makes no backups of it itself');
    expect(result.stderr).toContain('pg_dump');
  });

  it('asks for the file to restore', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-cli-'));
    dirs.push(dataDir);
    const result = run('restore', { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Usage: npm run restore -- FILE');
  });
});
