import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/server/app.js';
import { type Config, loadConfig } from '../../src/server/config.js';
import type { AppContext } from '../../src/server/context.js';
import { createDatabase } from '../../src/server/db/create-database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import type { PageRenderer } from '../../src/server/http/render-page.js';
import { createChannels } from '../../src/server/integrations/channels.js';
import { manualClock } from '../../src/server/lib/clock.js';
import { ensureAdminPassword } from '../../src/server/modules/auth/ensure-admin-password.js';

export const TEST_ADMIN_PASSWORD = 'correct-horse-battery-staple';
export const TEST_ORIGIN = 'http://localhost:3000';

/**
 * A real app on a real, empty database of its own: SQLite in memory by default, or a fresh
 * PostgreSQL schema when DATABASE_URL is set (CI runs the suite both ways). Messages are
 * captured unless `env` sets SMTP_* / TWILIO_* (tests/helpers/messaging-context.ts points them at
 * the local fakes).
 */
export async function createTestContext(
  options: {
    env?: Record<string, string>;
    clock?: ReturnType<typeof manualClock>;
    /** A built client to serve; by default a folder that does not exist (no pages). */
    clientDir?: string;
    /** Server rendering of the public pages (the client's entry-server.tsx); none by default. */
    renderer?: PageRenderer;
    /** A SQLite file instead of memory (a file has its own read-only connection too). */
    sqlitePath?: string;
    /** A PostgreSQL schema another context made (left for its owner to drop). */
    pgSchema?: string;
  } = {},
) {
  const clock = options.clock ?? manualClock();
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    PORT: '3000',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    DATABASE_URL: process.env.DATABASE_URL,
    ...options.env,
  });
  const ownsSchema = options.pgSchema === undefined;
  const pgSchema = config.databaseUrl
    ? (options.pgSchema ?? `t_${randomBytes(6).toString('hex')}`)
    : undefined;
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: options.sqlitePath ?? ':memory:',
    pgSchema,
    pgPoolSize: 4,
  });
  await migrateToLatest(database.db, database.engine);
  // Capture mode unless `env` points SMTP_* or TWILIO_* at the local fakes.
  const channels = createChannels(config);
  const ctx: AppContext = {
    config,
    db: database.db,
    readDb: database.readDb,
    engine: database.engine,
    clock,
    channels,
  };
  await ensureAdminPassword(ctx);
  const app: FastifyInstance = await buildApp(ctx, {
    logger: false,
    clientDir: options.clientDir ?? '/nonexistent-client-dir',
    renderer: options.renderer ?? null,
  });

  const close = async () => {
    await app.close();
    await channels.close();
    await database.close();
    if (pgSchema && ownsSchema && config.databaseUrl) {
      const client = new pg.Client({ connectionString: config.databaseUrl });
      await client.connect();
      await client.query(`drop schema if exists ${pgSchema} cascade`);
      await client.end();
    }
  };
  return { ctx, app, clock, close };
}

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/** Signs in through the real endpoint and returns the Cookie header to send afterwards. */
export async function signIn(
  app: FastifyInstance,
  password = TEST_ADMIN_PASSWORD,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin: TEST_ORIGIN },
    payload: { password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  }
  const setCookie = response.headers['set-cookie'];
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (!first) throw new Error('sign-in answered no cookie');
  return first.split(';')[0]!;
}
