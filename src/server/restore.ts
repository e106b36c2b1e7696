import 'dotenv/config';
import { ConfigError, loadConfig } from './config.js';
import { RestoreRefusedError, restoreBackup } from './modules/backups/restore-backup.js';

const USAGE = 'Usage: npm run restore -- FILE   (a backup from DATA_DIR/backups/)';

/** `npm run restore -- FILE`: puts a backup in place for a stopped portal (restore-backup.ts). */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(
      "This portal runs on PostgreSQL (DATABASE_URL is set): restore with pg_restore or your provider's tools. See README.md.",
    );
    process.exit(1);
  }
  const [file] = process.argv.slice(2).filter((arg) => arg !== '--restore');
  if (!file) {
    console.error(USAGE);
    process.exit(1);
  }
  const { database, previous } = await restoreBackup({ dataDir: config.dataDir, backup: file });
  console.log(`Restored ${file} into ${database}.`);
  if (previous) console.log(`The database it replaced is kept as ${previous}.`);
  console.log('Start the portal (npm start); migrations bring the data up to date.');
}

main().catch((error: unknown) => {
  if (error instanceof RestoreRefusedError || error instanceof ConfigError) {
    console.error(`Not restored: ${error.message}`);
  } else {
    console.error('Restore failed:', error);
  }
  process.exit(1);
});
