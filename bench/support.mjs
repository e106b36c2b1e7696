// What several benchmarks share: starting a server process and Debian's Chromium.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { chromium } from '@playwright/test';

export const root = path.resolve(import.meta.dirname, '..');
export const BENCH_PASSWORD = 'bench-password-1';

/**
 * Starts `script` (the built portal, or the bare baseline) on `port` with its own data folder,
 * and resolves once it prints that it is ready. `env` adds settings.
 */
export async function startProcess(script, port, dataDir, env = {}) {
  const started = performance.now();
  const child = spawn('node', [script], {
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
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('is ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { child, readyMs: performance.now() - started };
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
