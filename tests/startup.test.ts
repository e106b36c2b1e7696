import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];
const dirs: string[] = [];

/** Runs the real server entry (the same code `npm start` runs, through tsx) until it is ready. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const done = new Promise<{ stdout: string; stderr: string; code: number | null }>((resolve) => {
    const finish = (code: number | null) => resolve({ stdout, stderr, code });
    child.on('exit', finish);
    child.stdout?.on('data', () => {
      if (
        stdout.includes('Admin:') &&
        (stdout.includes('First start') || stdout.endsWith('\n\n'))
      ) {
        finish(null);
      }
    });
  });
  return { child, done };
}

function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-start-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGTERM');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// Each start compiles the server through tsx and migrates a new database: give it time.
describe('server start-up', { timeout: 60_000 }, () => {
  it('prints the URL and, on the first start only, a generated admin password', async () => {
    const dataDir = tempDataDir();
    const first = await startServer({ DATA_DIR: dataDir }).done;
    expect(first.stdout).toMatch(/Open:\s+http:\/\/localhost:\d+/);
    expect(first.stdout).toMatch(/Admin:\s+http:\/\/localhost:\d+\/admin/);
    const password = first.stdout.match(/the admin password is\s+(\S+)/)?.[1];
    expect(password).toBeDefined();
    expect(password!.length).toBeGreaterThanOrEqual(16);
    for (const child of children.splice(0)) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));

    const second = await startServer({ DATA_DIR: dataDir }).done;
    expect(second.stdout).toMatch(/is ready/);
    expect(second.stdout).not.toMatch(/admin password is/);
  });

  it('refuses to start with bad settings, naming every bad one', async () => {
    const result = await startServer({
      DATA_DIR: tempDataDir(),
      PORT: 'eighty',
      LINK_LIFETIME_DAYS: '0',
      DATABASE_URL: 'mysql://nope',
    }).done;
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('LINK_LIFETIME_DAYS');
    expect(result.stderr).toContain('DATABASE_URL');
  });

  it('refuses production without an https address or with test-only settings, naming each', async () => {
    const result = await startServer({
      DATA_DIR: tempDataDir(),
      NODE_ENV: 'production',
      ALLOW_DEMO_PROVIDERS: 'true',
      PUBLIC_BASE_URL: 'http://pay.example.co.uk',
      TWILIO_API_BASE_URL: 'http://127.0.0.1:4010',
      STRIPE_API_BASE_URL: 'http://127.0.0.1:4011',
    }).done;
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    for (const field of ['PUBLIC_BASE_URL', 'TWILIO_API_BASE_URL', 'STRIPE_API_BASE_URL']) {
      expect(result.stderr).toContain(`${field}:`);
    }
  });
});
