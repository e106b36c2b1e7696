import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { manualClock } from '../../src/server/lib/clock.js';
import { createTestContext, type TestContext } from './test-context.js';

/**
 * Several app instances on one database, as several processes behind a load balancer would be:
 * one PostgreSQL schema when DATABASE_URL is set, else one SQLite file (each instance with its
 * own connections, so SQLite's file locks decide between them). They share one manual clock.
 */
export async function createInstancesOnOneDatabase(count: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-shared-'));
  const databaseUrl = process.env.DATABASE_URL;
  const pgSchema = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const clock = manualClock();
  const instances: TestContext[] = [];
  for (let i = 0; i < count; i += 1) {
    instances.push(
      await createTestContext({ clock, pgSchema, sqlitePath: path.join(dir, 'shared.sqlite') }),
    );
  }
  const close = async () => {
    for (const instance of instances) await instance.close();
    if (pgSchema && databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`drop schema if exists ${pgSchema} cascade`);
      await client.end();
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return { instances, clock, close };
}
