import path from 'node:path';
import { type Config, loadConfig } from './config.js';
import type { AppContext } from './context.js';
import { createDatabase, type DatabaseHandle } from './db/create-database.js';
import { migrateToLatest } from './db/migrate.js';
import { refreshPlannerStatistics } from './db/refresh-statistics.js';
import { createChannels } from './integrations/channels.js';
import { systemClock } from './lib/clock.js';

/** Config, database and migrations: what both the web server and the worker start with. */
export async function openRuntime(
  env: Record<string, string | undefined> = process.env,
): Promise<{ config: Config; ctx: AppContext; database: DatabaseHandle }> {
  const config = loadConfig(env);
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: path.join(config.dataDir, 'portal.sqlite'),
  });
  await migrateToLatest(database.db, database.engine);
  await refreshPlannerStatistics(database.db, database.engine);
  const ctx: AppContext = {
    config,
    db: database.db,
    readDb: database.readDb,
    engine: database.engine,
    clock: systemClock,
    channels: createChannels(config),
  };
  return { config, ctx, database };
}
