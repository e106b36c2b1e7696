import { type ChildProcess, spawn } from 'node:child_process';
import { E2E_ADMIN_PASSWORD } from './constants.js';

/**
 * Another portal on its own port and throw-away database, with extra settings (Stripe, a short
 * link lifetime). Answers once it is healthy; kill() the process when done.
 */
export async function startPortal(
  port: number,
  env: Record<string, string>,
): Promise<ChildProcess> {
  const origin = `http://localhost:${port}`;
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
  for (let attempt = 0; attempt < 100; attempt++) {
    const ready = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return portal;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  portal.kill();
  throw new Error(`the portal on port ${port} did not start`);
}
