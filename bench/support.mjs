// What several benchmarks share: starting a server process (pinned to a CPU where it can be),
// and Debian's Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, constants } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

export const root = path.resolve(import.meta.dirname, '..');
export const BENCH_PASSWORD = 'bench-password-1';

/**
 * The CPUs the HTTP benchmarks pin the server under test and the load generator to, each its own,
 * or null where that cannot be done (one CPU, or no `taskset`). Unpinned on this 2-core machine,
 * the scheduler moved both between the cores and one build's pairs gave ratios from 0.39x to
 * 0.52x; pinned, 0.42x to 0.48x (decision 0012).
 */
export function pinnedCpus() {
  const hasTaskset = spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!hasTaskset || availableParallelism() < 2) return null;
  return { server: '0', load: '1' };
}

/** `command` with `args`, run on `cpus` (a taskset list) when given. */
export function onCpus(cpus, command, args) {
  return cpus ? ['taskset', ['-c', cpus, command, ...args]] : [command, args];
}

/**
 * Every server a benchmark started, stopped when the benchmark's process ends however it ends:
 * a benchmark that failed half-way (no Chromium, say) used to leave its servers listening, and
 * the next run then failed on their ports (EADDRINUSE).
 */
const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => process.exit(128 + constants.signals[signal]));
}

/**
 * Starts `script` (the built portal, or the bare baseline) on `port` with its own data folder,
 * and resolves once it prints that it is ready. `env` adds settings; `cpus` pins it (pinnedCpus);
 * `nodeFlags` go to node before the script. It is stopped when this process ends, if it was not
 * stopped before.
 */
export async function startProcess(script, port, dataDir, env = {}, cpus = null, nodeFlags = []) {
  const started = performance.now();
  const child = spawn(...onCpus(cpus, 'node', [...nodeFlags, script]), {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: BENCH_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('is ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { child, readyMs: performance.now() - started };
}

/**
 * The built portal, run as `npm start` runs it: with the Node flags of package.json's start
 * script (decision 0014), so that a benchmark measures the server as it is deployed.
 */
export function startPortal(port, dataDir, { dist = 'dist', env = {}, cpus = null } = {}) {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  // "node <flags> scripts/start.mjs"
  const [, ...words] = scripts.start.split(' ');
  const nodeFlags = words.slice(0, words.indexOf('scripts/start.mjs'));
  return startProcess(path.join(dist, 'server/index.js'), port, dataDir, env, cpus, nodeFlags);
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
