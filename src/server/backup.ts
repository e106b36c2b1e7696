import 'dotenv/config';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { createDatabase } from './db/create-database.js';
import { migrateToLatest } from './db/migrate.js';
import { systemClock } from './lib/clock.js';
import { takeBackup } from './modules/backups/take-backup.js';

export const POSTGRES_BACKUP_ADVICE = `This portal runs on PostgreSQL (DATABASE_URL is set), and makes no backups of it itself.
Back PostgreSQL up with its own tools: your provider's managed backups with point-in-time
recovery, or pg_dump, e.g.  pg_dump --format=custom --file=portal.dump "$DATABASE_URL"
(restore with pg_restore --clean --dbname="$DATABASE_URL" portal.dump). See README.md.`;

/**
 * `npm run backup`: one online backup of the SQLite database now, while the portal runs or not,
 * recorded beside the scheduled ones; prints the file's path.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(POSTGRES_BACKUP_ADVICE);
    process.exit(1);
  }
  const sqlitePath = path.join(config.dataDir, 'portal.sqlite');
  if (!existsSync(sqlitePath)) {
    console.error(`No database at ${sqlitePath}: nothing to back up (is DATA_DIR right?).`);
    process.exit(1);
  }
  const database = await createDatabase({ sqlitePath });
  try {
    await migrateToLatest(database.db, database.engine);
    const deps = { config, db: database.db, engine: database.engine, clock: systemClock };
    const backup = await takeBackup(deps, 'command');
    if (!backup) throw new Error('no backup was taken');
    const megabytes = ((backup.size_bytes ?? 0) / 1024 / 1024).toFixed(1);
    console.log(`Backup written and checked (${megabytes} MB):`);
    console.log(path.resolve(backup.path));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `Backup failed: ${error}`);
  process.exit(1);
});
