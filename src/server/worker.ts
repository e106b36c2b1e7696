import 'dotenv/config';
import { ConfigError } from './config.js';
import { startHousekeeping } from './jobs/housekeeping.js';
import { openRuntime } from './runtime.js';

/**
 * `npm run worker`: background work as its own process, for deployments that run the web
 * servers with RUN_WORKER=false. Today that is housekeeping; the job queue joins it.
 */
async function main(): Promise<void> {
  const { ctx, database } = await openRuntime();
  const stop = startHousekeeping(ctx, (error) => console.error('housekeeping failed:', error));
  console.log('Worker running. Press Ctrl+C to stop.');
  const shutdown = async () => {
    stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  // Keep the process alive: the housekeeping timer is unref'd so it does not do that itself.
  setInterval(() => {}, 1 << 30);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
