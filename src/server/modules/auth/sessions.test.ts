import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { buildApp } from '../../app.js';

const MINUTE = 60_000;

describe('admin sessions', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  const isSignedIn = async (cookie: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/status',
      headers: { cookie },
    });
    return response.json().isAuthenticated as boolean;
  };
  const sessionCount = async () =>
    (await t.ctx.db.selectFrom('sessions').select('id').execute()).length;

  it('keeps an active session alive and ends it after the idle timeout', async () => {
    const idleMs = t.ctx.config.session.idleMs;
    const cookie = await signIn(t.app);

    // Each visit just inside the idle timeout counts as activity and restarts it.
    t.clock.advance(idleMs - MINUTE);
    expect(await isSignedIn(cookie)).toBe(true);
    t.clock.advance(idleMs - MINUTE);
    expect(await isSignedIn(cookie)).toBe(true);

    t.clock.advance(idleMs);
    expect(await isSignedIn(cookie)).toBe(false);
    expect(await sessionCount()).toBe(0);
  });

  it('ends even an active session at the absolute timeout', async () => {
    const { absoluteMs, idleMs } = t.ctx.config.session;
    const cookie = await signIn(t.app);
    const step = idleMs / 2;
    let elapsed = 0;
    while (elapsed + step < absoluteMs) {
      t.clock.advance(step);
      elapsed += step;
      expect(await isSignedIn(cookie)).toBe(true);
    }
    t.clock.advance(absoluteMs - elapsed);
    expect(await isSignedIn(cookie)).toBe(false);
    expect(await sessionCount()).toBe(0);
  });

  it('deletes the session at logout, so the old cookie no longer opens admin routes', async () => {
    const cookie = await signIn(t.app);
    expect(await sessionCount()).toBe(1);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(response.cookies[0]).toMatchObject({ name: 'portal_session', value: '' });

    expect(await sessionCount()).toBe(0);
    expect(await isSignedIn(cookie)).toBe(false);
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/system/modes',
      headers: { cookie },
    });
    expect(admin.statusCode).toBe(401);
    expect(admin.json()).toEqual({ message: 'Please sign in to continue.' });

    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'auth.logout')
      .execute();
    expect(audit).toEqual([expect.objectContaining({ actor: 'admin' })]);
  });

  it('answers logout with 200 when not signed in', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: TEST_ORIGIN },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
  });

  it('keeps sessions valid across a restart: the generated secret is stored', async () => {
    const cookie = await signIn(t.app);
    const stored = await t.ctx.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'session_secret')
      .executeTakeFirst();
    expect(stored?.value).toBeTruthy();

    const restarted = await buildApp(t.ctx, { logger: false });
    try {
      const response = await restarted.inject({
        method: 'GET',
        url: '/api/auth/status',
        headers: { cookie },
      });
      expect(response.json().isAuthenticated).toBe(true);
    } finally {
      await restarted.close();
    }
  });
});

describe('the admin guard', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  it('answers 401 to an admin route when signed out and 200 when signed in', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/system/modes' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: 'Please sign in to continue.' });

    const cookie = await signIn(t.app);
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/api/system/modes',
      headers: { cookie },
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('answers 401 to a made-up cookie', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/system/modes',
      headers: { cookie: `portal_session=${'A'.repeat(43)}` },
    });
    expect(response.statusCode).toBe(401);
  });
});
