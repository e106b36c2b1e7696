import 'dotenv/config';
import { buildApp } from './app.js';
import { ConfigError } from './config.js';
import { createAppLogger } from './http/request-log.js';
import { jobHandlers } from './jobs/handlers.js';
import { startHousekeeping } from './jobs/housekeeping.js';
import { type JobWorker, startJobWorker } from './jobs/start-job-worker.js';
import { ensureAdminPassword } from './modules/auth/ensure-admin-password.js';
import { openRuntime } from './runtime.js';

/** Process entry: config, database, listen, in-process worker, graceful shutdown. */
async function main(): Promise<void> {
  const { config, ctx, database } = await openRuntime();
  const { generatedPassword } = await ensureAdminPassword(ctx);
  // Fastify's logger, and for the lines written outside any request.
  const log = createAppLogger(config);
  const app = await buildApp(ctx, { logger: log });

  let stopHousekeeping = () => {};
  let jobWorker: JobWorker | undefined;
  if (config.runWorker) {
    stopHousekeeping = startHousekeeping(ctx, (error) =>
      log.error({ err: error }, 'housekeeping failed'),
    );
    jobWorker = startJobWorker(ctx, jobHandlers(ctx), {
      onError: (error) => log.error({ err: error }, 'job queue failed'),
      onResult: (result) => {
        if (result.outcome !== 'done') log.warn({ job: result }, 'job not done');
      },
    });
  }

  let isShuttingDown = false;
  const shutdown = async (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    stopHousekeeping();
    await app.close();
    // After the server (requests may still enqueue) and before the database: jobs in flight
    // finish and record their results.
    await jobWorker?.stop();
    await ctx.channels.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    '',
    '  Leaseholder payment portal is ready',
    `  Open:   http://localhost:${port}`,
    `  Admin:  http://localhost:${port}/admin`,
  ];
  if (generatedPassword) {
    lines.push(
      '',
      `  First start: the admin password is  ${generatedPassword}`,
      '  It is shown only this once. Set ADMIN_PASSWORD in .env to choose your own.',
    );
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Start-up failed:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
