// What every benchmark shares: starting the built portal and other processes (all stopped when
// the benchmark ends, however it ends), signing in, autocannon, and the result lines.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { constants } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

export const root = path.resolve(import.meta.dirname, '..');
export const BENCH_PASSWORD = 'bench-password-1';
export const TEMPLATE_HEADER =
  'Tenant Name,Email Address,Phone Number (for WhatsApp),Property Address,Balance Due (£)';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The value below which `fraction` of `samples` lie (nearest rank). */
export function percentile(samples, fraction) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)];
}

const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => process.exit(128 + constants.signals[signal]));
}

/** Spawns a process that is killed when this one ends, if it has not ended before. */
export function spawnTracked(command, args, options) {
  const child = spawn(command, args, options);
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/** Asks SIGTERM, then SIGKILL after 15 s; resolves once the process has ended. */
export function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** A port nobody listens on now (other sessions share this machine). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The Node flags of package.json's start script, so the portal runs as `npm start` runs it. */
function startFlags() {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

/**
 * The built portal (`npm run build` first) on a free port with `dataDir`, SQLite unless `env`
 * sets DATABASE_URL. Resolves once GET /healthz answers 200, with `base` (its origin), `child`
 * and `stop()`. Its output is shown only with BENCH_VERBOSE=1; errors always.
 */
export async function startPortal(dataDir, env = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawnTracked(
    process.execPath,
    [...startFlags(), path.join(root, 'dist/server/index.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_BASE_URL: base,
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: BENCH_PASSWORD,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', process.env.BENCH_VERBOSE ? 'inherit' : 'ignore', 'inherit'],
    },
  );
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const started = performance.now();
  for (;;) {
    if (exited) throw new Error(`the portal exited during start-up (${child.exitCode})`);
    if (performance.now() - started > 180_000) throw new Error('the portal did not start in 180 s');
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  return { base, child, stop: () => stopProcess(child) };
}

/** Signs in as staff the way the admin page does; answers the headers later calls need. */
export async function signIn(base) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { cookie, origin: base };
}

/** GET as staff; throws on a non-OK answer. */
export async function getJson(base, headers, url) {
  const response = await fetch(`${base}${url}`, { headers });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** POST /api/upload/tenants with `bytes` as `filename`; answers the batch id. */
export async function upload(base, headers, bytes, filename) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), filename);
  const response = await fetch(`${base}/api/upload/tenants`, {
    method: 'POST',
    headers,
    body: form,
  });
  if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return (await response.json()).batchId;
}

/** Polls the batch every `everyMs` until it is final; answers it. */
export async function finalBatch(base, headers, batchId, everyMs = 50) {
  for (;;) {
    const batch = await getJson(base, headers, `/api/upload/batch/${batchId}`);
    if (batch.status !== 'processing') return batch;
    await sleep(everyMs);
  }
}

/** Uploads a CSV of `rows` (arrays of the template's five cells) and waits for its links. */
export async function uploadCsv(base, headers, rows) {
  const quote = (cell) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  const csv = [TEMPLATE_HEADER, ...rows.map((row) => row.map(quote).join(','))].join('\n');
  const batchId = await upload(base, headers, Buffer.from(csv), 'bench.csv');
  const batch = await finalBatch(base, headers, batchId);
  if (batch.successfulRecords !== rows.length) {
    throw new Error(`expected ${rows.length} links, got ${batch.successfulRecords}`);
  }
  return batchId;
}

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** autocannon in a process of its own against `url`: requests/s, p99 (ms) and errors. */
export function autocannon(url, { connections, seconds }) {
  return new Promise((resolve, reject) => {
    const child = spawnTracked(
      process.execPath,
      [autocannonCli, '--json', '-c', String(connections), '-d', String(seconds), url],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const result = JSON.parse(output);
      resolve({
        rps: result.requests.average,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
      });
    });
  });
}

/** Debian's Chromium with the flags this machine needs (no downloads, no background network). */
export function launchChromium() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

const verdicts = [];

/** One budget's line: what was measured, against what budget, ending in `ok` or `over`. */
export function report(name, figure, budget, isOk) {
  verdicts.push(isOk);
  console.log(`${name}: ${figure} (budget ${budget}) ${isOk ? 'ok' : 'over'}`);
}

/** A line of context (baselines, sizes), indented so it is not read as a verdict. */
export function note(text) {
  console.log(`    ${text}`);
}

/** Each file's own summary, left to run.mjs when it runs them all. */
process.on('exit', (code) => {
  if (process.env.BENCH_ALL || code !== 0) return;
  const over = verdicts.filter((isOk) => !isOk).length;
  console.log(`summary: ${verdicts.length - over} ok, ${over} over`);
});
