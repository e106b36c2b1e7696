// `npm run bench`: figures as ratios to a baseline measured in the same run on this machine
// (ARCHITECTURE section 8). Run after `npm run build` (the npm script does it).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { load } from './http-load.mjs';
import { launchChromium, pinnedCpus, root, startPortal, startProcess } from './support.mjs';

const results = [];
const report = (name, value, budget, isOk) => {
  results.push({ name, value, budget, ok: isOk });
  console.log(`${isOk ? 'ok  ' : 'FAIL'}  ${name}: ${value}   (budget: ${budget})`);
};

/** Public JS: the scripts index.html loads, plus the chunks they import statically. */
function landingJsGzip() {
  const dir = path.join(root, 'dist/client');
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]+href="([^"]+)"/g)].map(
    (m) => m[1],
  );
  const files = new Set([...entries, ...preloads]);
  let total = 0;
  for (const file of files) total += gzipSync(readFileSync(path.join(dir, file))).length;
  const chunks = readdirSync(path.join(dir, 'assets')).filter((name) => name.endsWith('.js'));
  return { bytes: total, files: [...files], chunkCount: chunks.length };
}

/** Signs in as staff and uploads one leaseholder: answers the new payment link's id. */
async function seedPaymentLink(origin) {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ password: 'bench-password-1' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const csv = [
    'Tenant Name,Email Address,Phone Number (for WhatsApp),Property Address,Balance Due (£)',
    'Margaret Hughes,margaret@example.co.uk,,"Flat 3, 12 Riverside Court, London SE1 9AA",1245.50',
  ].join('\n');
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
  const upload = await fetch(`${origin}/api/upload/tenants`, {
    method: 'POST',
    headers: { cookie, origin },
    body: form,
  });
  if (!upload.ok) throw new Error(`bench upload failed: ${upload.status} ${await upload.text()}`);
  const list = await (
    await fetch(`${origin}/api/payment-links?limit=1`, { headers: { cookie } })
  ).json();
  return list.items[0].id;
}

/**
 * Every script a real browser downloads for `url`: gzipped (the budget's measure), and as the
 * server sent them (the build's Brotli or gzip forms, by what Chromium accepts).
 */
async function pageJsGzip(url) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    let bytes = 0;
    let sentBytes = 0;
    const encodings = new Set();
    for (const response of scripts) {
      bytes += gzipSync(await response.body()).length;
      sentBytes += Number(response.headers()['content-length'] ?? 0);
      encodings.add(response.headers()['content-encoding'] ?? 'none');
    }
    const files = scripts.map((response) => new URL(response.url()).pathname);
    return {
      bytes,
      sentBytes,
      encodings: [...encodings],
      files,
      admin: files.some((file) => file.includes('admin-area')),
    };
  } finally {
    await browser.close();
  }
}

/**
 * `url` against the bare route in ROUNDS alternating pairs (bare, then the route), after one
 * warm-up of each. This machine's speed drifts by a fifth or more between minutes and swings
 * between seconds (the load generator shares the two cores): one baseline at the start compared
 * each route with a different machine, and three pairs of 4 s runs gave pair ratios from 0.25x
 * to 0.91x in one run. Many short pairs follow the drift closely and their median is steadier.
 * The figure is the median of the pairs' ratios, with their range; p99 is the median of the
 * route's p99s. Every server runs on one CPU and autocannon on another where the machine allows
 * (pinnedCpus in support.mjs): left to the scheduler, the two shared both cores by turns.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const cpus = pinnedCpus();
const PAIR_SECONDS = 2;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function versusBare(bareUrl, url) {
  await load({ url: bareUrl, durationSeconds: 1, warmUpSeconds: 0, cpus: cpus?.load });
  await load({ url, durationSeconds: 1, warmUpSeconds: 0, cpus: cpus?.load });
  const ratios = [];
  const p99s = [];
  const bareRps = [];
  let errors = 0;
  const pair = { durationSeconds: PAIR_SECONDS, warmUpSeconds: 0, cpus: cpus?.load };
  for (let round = 0; round < ROUNDS; round += 1) {
    const bare = await load({ url: bareUrl, ...pair });
    const route = await load({ url, ...pair });
    bareRps.push(bare.rps);
    ratios.push(route.rps / bare.rps);
    p99s.push(route.p99);
    errors += route.errors;
  }
  return { ratio: median(ratios), ratios, p99: median(p99s), errors, bareRps };
}

const pairedFigure = (route) =>
  `${route.ratio.toFixed(2)}x req/s (pairs ${Math.min(...route.ratios).toFixed(2)}–${Math.max(...route.ratios).toFixed(2)}x), p99 ${route.p99.toFixed(2)} ms`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
try {
  const js = landingJsGzip();
  report(
    'landing page JavaScript (gzip)',
    `${(js.bytes / 1024).toFixed(1)} KB`,
    '90 KB',
    js.bytes <= 90 * 1024,
  );

  const barePort = 43118;
  console.log(
    cpus
      ? `      servers pinned to CPU ${cpus.server}, load generator to CPU ${cpus.load}`
      : '      servers and load generator not pinned (one CPU, or no taskset)',
  );
  const bare = await startProcess('bench/bare-server.mjs', barePort, dataDir, {}, cpus?.server);
  const portal = await startPortal(43117, dataDir, { cpus: cpus?.server });
  report(
    'server start to ready (built, empty database)',
    `${Math.round(portal.readyMs)} ms`,
    'n/a',
    true,
  );

  const bareUrl = `http://127.0.0.1:${barePort}/bare`;
  const status = await versusBare(bareUrl, 'http://127.0.0.1:43117/api/auth/status');
  const landing = await versusBare(bareUrl, 'http://127.0.0.1:43117/');
  const linkId = await seedPaymentLink('http://127.0.0.1:43117');
  const linkRead = await versusBare(bareUrl, `http://127.0.0.1:43117/api/payment-link/${linkId}`);
  const bareRates = [status, landing, linkRead].flatMap((route) => route.bareRps);
  console.log(
    `      baseline bare Fastify route: ${Math.min(...bareRates).toFixed(0)}–${Math.max(...bareRates).toFixed(0)} req/s over ${bareRates.length} runs`,
  );
  report(
    'GET /api/auth/status vs bare route',
    pairedFigure(status),
    '>= 0.5x, p99 < 10 ms',
    status.ratio >= 0.5 && status.p99 < 10,
  );
  report(
    'GET / (landing HTML) vs bare route',
    pairedFigure(landing),
    '>= 0.5x',
    landing.ratio >= 0.5,
  );
  report(
    'GET /api/payment-link/{id} vs bare route',
    pairedFigure(linkRead),
    '>= 0.5x, p99 < 10 ms',
    linkRead.ratio >= 0.5 && linkRead.p99 < 10 && linkRead.errors === 0,
  );
  // What any Fastify route that reads one row from SQLite costs here (decision 0006): the link
  // read's budget is a ratio to a route that reads nothing.
  const floorPort = 43119;
  const floor = await startProcess(
    'bench/floor-server.mjs',
    floorPort,
    dataDir,
    { DATABASE_FILE: path.join(dataDir, 'portal.sqlite') },
    cpus?.server,
  );
  const floorRead = await versusBare(bareUrl, `http://127.0.0.1:${floorPort}/floor/${linkId}`);
  floor.child.kill('SIGTERM');
  report(
    'floor: a bare route plus one prepared SQLite read of the link, vs bare route',
    pairedFigure(floorRead),
    'reported',
    floorRead.errors === 0,
  );
  const paymentJs = await pageJsGzip(`http://127.0.0.1:43117/payment/${linkId}`);
  report(
    'JavaScript shipped to /payment/{id} (gzip, as loaded by Chromium)',
    `${(paymentJs.bytes / 1024).toFixed(1)} KB in ${paymentJs.files.length} files (as sent: ${(paymentJs.sentBytes / 1024).toFixed(1)} KB, ${paymentJs.encodings.join('/')})${paymentJs.admin ? ', ADMIN CODE LOADED' : ''}`,
    '90 KB, no admin code',
    paymentJs.bytes <= 90 * 1024 && !paymentJs.admin,
  );

  portal.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
const failed = results.filter((result) => !result.ok).length;
console.log(`\n${results.length - failed} within budget, ${failed} over budget`);
