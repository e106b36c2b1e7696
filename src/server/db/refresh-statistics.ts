import { type Kysely, sql } from 'kysely';
import type { Engine } from './engine.js';
import type { Database } from './schema.js';

/**
 * Keeps SQLite's planner statistics fresh, as PostgreSQL's autovacuum does by itself. Without
 * them SQLite cannot tell a small partial index from a large one and reads 18,000 rows for the
 * dashboard's Total Outstanding instead of answering from migration 0010's index (measured at
 * 100,000 links: 20 ms against 2 ms). `optimize` analyses only tables that changed enough, and
 * the analysis limit keeps each one to a sample (about 80 ms at 100,000 links), as SQLite's own
 * documentation advises for long-lived connections: at start-up, then every few hours.
 */
export async function refreshPlannerStatistics(db: Kysely<Database>, engine: Engine) {
  if (engine !== 'sqlite') return;
  await sql`pragma analysis_limit = 10000`.execute(db);
  await sql`pragma optimize = 0x10002`.execute(db);
}
