import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Engine } from './db/engine.js';
import type { Database } from './db/schema.js';
import type { Channels } from './integrations/channels.js';
import type { Clock } from './lib/clock.js';

/** What every module gets: passed in, never imported as a global, so tests build their own. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  /**
   * Reads that may see the last commit and must not wait for a write transaction in progress
   * (the leaseholder's link read during an upload's): SQLite's second, read-only connection.
   * Absent (tests, PostgreSQL) means `db`.
   */
  readDb?: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  /** Outgoing email, WhatsApp and SMS: real providers or capture mode, as configured. */
  channels: Channels;
}
