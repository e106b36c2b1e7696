import 'dotenv/config';
import { ConfigError } from './config.js';
import { createAppLogger } from './http/request-log.js';
import { jobHandlers } from './jobs/handlers.js';
import { startHousekeeping } from './jobs/housekeeping.js';
import { startJobWorker } from './jobs/start-job-worker.js';
import { openRuntime } from './runtime.js';

/**
 * `npm run worker`: background work as its own process, for deployments that run the web
 * servers with RUN_WORKER=false: the job queue and housekeeping. Run as many as the load needs;
 * they share the jobs table and never run the same job at once.
 */
async function main(): Promise<void> {
  const { config, ctx, database } = await openRuntime();
  const log = createAppLogger(config);
  const stopHousekeeping = startHousekeeping(ctx, (error) =>
    log.error({ err: error }, 'housekeeping failed'),
  );
  const jobWorker = startJobWorker(ctx, jobHandlers(ctx), {
    onError: (error) => log.error({ err: error }, 'job queue failed'),
    onResult: (result) => {
      if (result.outcome !== 'done') log.warn({ job: result }, 'job not done');
    },
  });
  console.log(`Worker ${jobWorker.workerId} running. Press Ctrl+C to stop.`);
  let isShuttingDown = false;
  const shutdown = async () => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    stopHousekeeping();
    // Jobs in flight finish and record their results before the database closes.
    await jobWorker.stop();
    await ctx.channels.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  // Keep the process alive: the housekeeping and job timers are unref'd so they do not do that.
  setInterval(() => {}, 1 << 30);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
