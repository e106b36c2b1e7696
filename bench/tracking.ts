// Issue 5 benchmark: with 100,000 links, p95 of the dashboard calls and of a filtered, searched,
// sorted page of the links list, on SQLite and on PostgreSQL (budget: p95 < 50 ms each).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import type { AppContext } from '../src/server/context.js';
import { createDatabase } from '../src/server/db/create-database.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { createChannels } from '../src/server/integrations/channels.js';
import { systemClock } from '../src/server/lib/clock.js';
import { newId, randomToken } from '../src/server/lib/ids.js';
import { ensureAdminPassword } from '../src/server/modules/auth/ensure-admin-password.js';

const LINKS = Number(process.env.BENCH_LINKS ?? 100_000);
const RUNS = 100;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DAY = 86_400_000;
const STREETS = ['Riverside Court', 'Mill Lane', 'Quay Street', 'High Street', 'Church Road'];

async function seed(ctx: AppContext) {
  const now = Date.now();
  for (let start = 0; start < LINKS; start += 1000) {
    const tenants = [];
    const links = [];
    for (let n = start; n < Math.min(start + 1000, LINKS); n += 1) {
      const id = newId();
      tenants.push({
        id,
        name: `Leaseholder ${n}`,
        email: `leaseholder${n}@example.co.uk`,
        phone: null,
        phone_kind: null,
        address: `Flat ${n % 500}, ${STREETS[n % STREETS.length]}, London`,
        search_text: `leaseholder ${n}\nleaseholder${n}@example.co.uk\nflat ${n % 500}, ${STREETS[n % STREETS.length]!.toLowerCase()}, london`,
        created_at: now - (n % 60) * DAY,
      });
      const status = (['pending', 'paid', 'expired', 'failed'] as const)[n % 4]!;
      links.push({
        id: randomToken(16),
        tenant_id: id,
        batch_id: null,
        batch_row: null,
        amount_pence: 1000 + (n % 100_000),
        status,
        expires_at: now + ((n % 20) - 10) * DAY,
        created_at: now - (n % 60) * DAY,
        paid_at: status === 'paid' ? now - (n % 40) * DAY : null,
        replaced_by: null,
      });
    }
    await ctx.db.insertInto('tenants').values(tenants).execute();
    await ctx.db.insertInto('payment_links').values(links).execute();
  }
}

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length * 0.95)]!;
}

async function run(engine: 'sqlite' | 'postgres') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-tracking-'));
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: 'bench-password-1',
    ...(engine === 'postgres' ? { DATABASE_URL: PG_URL } : {}),
  });
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: path.join(dataDir, 'portal.sqlite'),
    pgSchema: engine === 'postgres' ? schema : undefined,
  });
  await migrateToLatest(database.db, database.engine);
  const ctx: AppContext = {
    config,
    db: database.db,
    engine: database.engine,
    clock: systemClock,
    channels: createChannels(config),
  };
  await ensureAdminPassword(ctx);
  await seed(ctx);
  // As in production, where the databases keep their planner statistics up to date.
  await sql`analyze`.execute(ctx.db);
  const app = await buildApp(ctx, { logger: false, clientDir: '/nonexistent' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin: config.publicBaseUrl },
    payload: { password: 'bench-password-1' },
  });
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;
  const urls = {
    'GET /api/dashboard/stats': '/api/dashboard/stats',
    'GET /api/dashboard/recent-payments': '/api/dashboard/recent-payments',
    'GET /api/dashboard/expiring-links': '/api/dashboard/expiring-links',
    'GET /api/payment-links (status, broad search: a fifth of all, sort, page)':
      '/api/payment-links?status=pending&search=riverside&sort=amount&direction=desc&limit=25&offset=50',
    'GET /api/payment-links (status, search for one leaseholder, sort)':
      '/api/payment-links?status=pending&search=leaseholder%204712&sort=amount&direction=desc&limit=25',
    'GET /api/payment-links (default first page)': '/api/payment-links?limit=25',
  };
  for (const [name, url] of Object.entries(urls)) {
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      samples.push(performance.now() - started);
      if (response.statusCode !== 200)
        throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    }
    const value = p95(samples);
    console.log(
      `${value < 50 ? 'ok  ' : 'FAIL'}  ${engine}: ${name} with ${LINKS.toLocaleString('en-GB')} links: p95 ${value.toFixed(1)} ms   (budget: < 50 ms)`,
    );
  }
  await app.close();
  await ctx.channels.close();
  await database.close();
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
}

await run('sqlite');
await run('postgres');
