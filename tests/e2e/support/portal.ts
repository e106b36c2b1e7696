import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { E2E_ADMIN_PASSWORD } from './constants.js';

const isAnswering = (origin: string) =>
  fetch(`${origin}/healthz`).then(
    (r) => r.ok,
    () => false,
  );

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Another portal on its own port and throw-away database, with extra settings (Stripe, a short
 * link lifetime). Answers once it is healthy; stop it with stopPortal().
 */
export async function startPortal(
  port: number,
  env: Record<string, string>,
): Promise<ChildProcess> {
  const origin = `http://localhost:${port}`;
  // A portal left by an earlier run of the same describe (a new worker after a failure) would
  // answer in this one's place, with its own settings: wait for it to go.
  for (let attempt = 0; (await isAnswering(origin)) && attempt < 50; attempt++) await pause(200);
  const portal = spawn('node', ['tests/e2e/support/start-server.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_BASE_URL: origin,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: 'ignore',
  });
  for (let attempt = 0; attempt < 100 && portal.exitCode === null; attempt++) {
    if (await isAnswering(origin)) return portal;
    await pause(200);
  }
  await stopPortal(portal);
  throw new Error(`the portal on port ${port} did not start`);
}

/** Stops a portal and waits until it has gone, so its port is free for the next. */
export async function stopPortal(portal: ChildProcess | undefined): Promise<void> {
  if (!portal || portal.exitCode !== null || portal.signalCode !== null) return;
  const exited = once(portal, 'exit');
  portal.kill();
  await exited;
}
