import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context.js';

describe('health endpoints', () => {
  let t: TestContext | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    t = undefined;
    dir = undefined;
  });

  it('/healthz answers ok, and /readyz ok with the engine, when the database answers', async () => {
    t = await createTestContext();
    const live = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: t.ctx.engine });
  });

  it('once the database is gone, /readyz answers 503 and /healthz still ok', async () => {
    t = await createTestContext();
    await t.ctx.db.destroy();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: t.ctx.engine });
    const live = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
  });

  it("both answer while a write transaction is open (an upload holding SQLite's writer)", async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-health-'));
    t = await createTestContext({ sqlitePath: path.join(dir, 'portal.sqlite') });
    const app = t.app;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let isHeld = () => {};
    const started = new Promise<void>((resolve) => {
      isHeld = resolve;
    });
    const writer = t.ctx.db.transaction().execute(async (trx) => {
      await trx.insertInto('settings').values({ key: 'held', value: '1', updated_at: 1 }).execute();
      isHeld();
      await held;
    });
    await started;
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/healthz' }),
      app.inject({ method: 'GET', url: '/readyz' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    release();
    await writer;
  });

  it('sends security headers with a CSP that forbids inline scripts', async () => {
    t = await createTestContext();
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    t = await createTestContext();
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });
});
