import { setTimeout } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/server/db/schema.js';

/**
 * Resolves once another PostgreSQL session waits for a lock `holder` (an open transaction) has,
 * so a test can show that work started meanwhile waits for it.
 */
export async function untilSomeoneWaitsFor(
  db: Kysely<Database>,
  holder: Kysely<Database>,
  what: string,
): Promise<void> {
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(holder);
  for (let tries = 0; tries <= 500; tries += 1) {
    const { rows: waiting } = await sql<{ n: string }>`
      select count(*) as n from pg_stat_activity
      where ${rows[0]!.pid} = any(pg_blocking_pids(pid))`.execute(db);
    if (Number(waiting[0]!.n) > 0) return;
    await setTimeout(10);
  }
  throw new Error(`It never waited for ${what}`);
}
