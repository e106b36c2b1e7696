import { type Kysely, sql } from 'kysely';
import type { Engine } from './engine.js';
import type { Database } from './schema.js';

/**
 * Keeps SQLite's planner statistics fresh, as PostgreSQL's autovacuum does by itself: without
 * them SQLite cannot tell a small partial index from a large one and scans where migration
 * 0010's indexes would answer the dashboard. `optimize` analyses only tables that changed
 * enough, and the analysis limit keeps each to a sample, as SQLite's documentation advises for
 * long-lived connections.
 */
export async function refreshPlannerStatistics(db: Kysely<Database>, engine: Engine) {
  if (engine !== 'sqlite') return;
  await sql`pragma analysis_limit = 10000`.execute(db);
  await sql`pragma optimize = 0x10002`.execute(db);
}
