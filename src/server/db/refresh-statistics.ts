import { type Kysely, sql } from 'kysely';
import type { Engine } from './engine.js';
import type { Database } from './schema.js';

/**
 * Keeps SQLite's planner statistics fresh, as PostgreSQL's autovacuum does by itself: without
 * them SQLite cannot tell a small partial index from a large one, nor a status most links have
 * from a rare one. `optimize` analyses only the tables that have grown or shrunk tenfold since
 * they were last counted, so a table is counted a handful of times in its life. Each count is
 * whole (no analysis limit, which `0x10002` leaves unset): a limited one reads an index's first
 * entries only, and took every status for as rare as the one it happened to read.
 */
export async function refreshPlannerStatistics(db: Kysely<Database>, engine: Engine) {
  if (engine !== 'sqlite') return;
  await sql`pragma optimize = 0x10002`.execute(db);
}
