// Growth: p95 of the dashboard stats, the Payment Status first page and a surname search at
// 1,000,000 links (BENCH_GROWTH_LINKS) against the same calls at 10,000 links, on SQLite and on
// PostgreSQL (BENCH_ENGINES). For each size a database of its own: the portal starts once on it
// to run its migrations, links are seeded straight into it (growth-seed.mjs), then the portal is
// started again on it. Budget: each p95 at most 3x its 10,000-link p95.
// BENCH_GROWTH_CALLS=leaseholders measures the Leaseholders list's calls instead.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { seedPostgres, seedSqlite } from './growth-seed.mjs';
import { getJson, note, percentile, report, signIn, startPortal } from './support.mjs';

const SMALL = 10_000;
const LARGE = Number(process.env.BENCH_GROWTH_LINKS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_GROWTH_RUNS ?? 100);
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CALL_SETS = {
  // The budget's row (ARCHITECTURE section 8).
  links: [
    '/api/dashboard/stats',
    '/api/payment-links?limit=25',
    '/api/payment-links?search=hughes&limit=25',
  ],
  // The Leaseholders list (BENCH_GROWTH_CALLS=leaseholders): no budget row, measured the same way.
  leaseholders: [
    '/api/leaseholders?limit=25',
    '/api/leaseholders?search=hughes&limit=25',
    '/api/leaseholders?search=ioan%20hughes&limit=25',
    '/api/leaseholders?search=flat%207&limit=25',
    '/api/leaseholders?search=07700%20001234&limit=25',
    '/api/leaseholders?status=owing&sort=daysOwing&direction=desc&limit=25',
    '/api/leaseholders?sort=name&direction=asc&limit=25',
  ],
};
const CALLS = CALL_SETS[process.env.BENCH_GROWTH_CALLS ?? 'links'];

/** A fresh, empty database named `name`: the portal's env for it, its seeder, and its removal. */
async function freshDatabase(engine, name) {
  if (engine === 'sqlite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), `bench-growth-${name}-`));
    const file = path.join(dataDir, 'portal.sqlite');
    return {
      dataDir,
      env: {},
      seed: (links, now) => seedSqlite(file, 0, links, now),
      drop: () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = `bench_growth_${name}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: PG_ADMIN_URL });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`drop database if exists ${database} with (force)`);
  await admin(`create database ${database}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${database}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-growth-${name}-`));
  return {
    dataDir,
    env: { DATABASE_URL: url.href },
    seed: (links, now) => seedPostgres(url.href, 0, links, now),
    async drop() {
      await admin(`drop database if exists ${database} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A database with `links` links, the portal running on it and signed in. */
async function portalWith(engine, name, links) {
  const database = await freshDatabase(engine, name);
  await (await startPortal(database.dataDir, database.env)).stop();
  const started = performance.now();
  await database.seed(links, Date.now());
  note(
    `${engine}: ${links.toLocaleString('en-GB')} links seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const portal = await startPortal(database.dataDir, database.env);
  const staff = await signIn(portal.base);
  return {
    get: (url) => getJson(portal.base, staff, url),
    async close() {
      await portal.stop();
      await database.drop();
    },
  };
}

/** Milliseconds one call takes; a list that finds nothing means the seed is wrong. */
async function timed(portal, url) {
  const started = performance.now();
  const answer = await portal.get(url);
  if (answer.items?.length === 0) throw new Error(`${url}: nothing found`);
  return performance.now() - started;
}

// Both portals run at once and take turns call by call, so that both sizes see this machine as
// it is at that moment (it is shared, and its speed drifts by minutes).
for (const engine of ENGINES) {
  const small = await portalWith(engine, 'small', SMALL);
  const large = await portalWith(engine, 'large', LARGE);
  try {
    for (const url of CALLS) {
      const name = `GET ${url}`;
      const samples = { small: [], large: [] };
      for (let run = -5; run < RUNS; run += 1) {
        const smallMs = await timed(small, url);
        const largeMs = await timed(large, url);
        if (run < 0) continue;
        samples.small.push(smallMs);
        samples.large.push(largeMs);
      }
      const p95Small = percentile(samples.small, 0.95);
      const p95Large = percentile(samples.large, 0.95);
      const ratio = p95Large / p95Small;
      report(
        `${engine}: ${name} p95 at ${LARGE.toLocaleString('en-GB')} vs ${SMALL.toLocaleString('en-GB')} links`,
        `${ratio.toFixed(2)}x (${p95Large.toFixed(1)} vs ${p95Small.toFixed(1)} ms)`,
        '<= 3x',
        ratio <= 3,
      );
    }
  } finally {
    await small.close();
    await large.close();
  }
}
