import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  signIn,
  TEST_ADMIN_PASSWORD,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';

describe('POST /api/auth/login and GET /api/auth/status', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  const login = (payload: unknown, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: payload as Record<string, unknown>,
    });
  const status = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/status', headers: cookie ? { cookie } : {} });

  it('answers signed out without a session', async () => {
    const response = await status();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ isAuthenticated: false, loginTime: null });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('signs in with the right password and the cookie then works', async () => {
    const response = await login({ password: TEST_ADMIN_PASSWORD });
    const loginTime = new Date(t.clock.now()).toISOString();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, loginTime });
    const [cookie] = response.cookies;
    expect(cookie?.name).toBe('portal_session');

    const signedIn = await status(`${cookie?.name}=${cookie?.value}`);
    expect(signedIn.json()).toEqual({
      isAuthenticated: true,
      loginTime,
      csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'auth.login')
      .execute();
    expect(audit).toEqual([expect.objectContaining({ actor: 'admin' })]);
  });

  it('refuses a wrong password with 401 and no cookie', async () => {
    const response = await login({ password: 'not-the-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid password' });
    expect(response.headers['set-cookie']).toBeUndefined();
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'auth.login_failed')
      .execute();
    expect(audit).toEqual([expect.objectContaining({ actor: 'anonymous' })]);
    expect(JSON.stringify(audit)).not.toContain('not-the-password');
  });

  it.each([
    ['empty', { password: '' }],
    ['missing', {}],
  ])('answers 400 "Password is required" for an %s password', async (_name, payload) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Password is required');
  });

  it('stores an HMAC as the session id, never the cookie token', async () => {
    const cookie = await signIn(t.app);
    const token = cookie.split('=')[1]!;
    const rows = await t.ctx.db.selectFrom('sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(token);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
  });

  it('starts a new session at every login and deletes the one the request came with', async () => {
    const first = await signIn(t.app);
    const response = await login({ password: TEST_ADMIN_PASSWORD }, first);
    const second = `${response.cookies[0]?.name}=${response.cookies[0]?.value}`;
    expect(second).not.toBe(first);

    expect((await status(first)).json().isAuthenticated).toBe(false);
    expect((await status(second)).json().isAuthenticated).toBe(true);
    const rows = await t.ctx.db.selectFrom('sessions').select('id').execute();
    expect(rows).toHaveLength(1);
  });

  it('sets an HttpOnly, SameSite=Lax cookie for the absolute lifetime, not Secure in development', async () => {
    const response = await login({ password: TEST_ADMIN_PASSWORD });
    expect(response.cookies[0]).toMatchObject({
      name: 'portal_session',
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: t.ctx.config.session.absoluteMs / 1000,
    });
    expect(response.cookies[0]?.secure).toBeFalsy();
  });
});

describe('the session cookie in production', () => {
  it('is Secure and named with the __Host- prefix', async () => {
    const t = await createTestContext({
      env: {
        NODE_ENV: 'production',
        ALLOW_DEMO_PROVIDERS: 'true',
        PUBLIC_BASE_URL: 'https://pay.example.co.uk',
      },
    });
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin: 'https://pay.example.co.uk' },
        payload: { password: TEST_ADMIN_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      const raw = String(response.headers['set-cookie']);
      expect(raw).toMatch(/^__Host-portal_session=/);
      expect(raw).toMatch(/; Secure/);
      expect(raw).toMatch(/; HttpOnly/);
      expect(raw).toMatch(/; SameSite=Lax/);
      expect(raw).toMatch(/; Path=\//);
      expect(raw).not.toMatch(/; Domain=/);

      const cookie = raw.split(';')[0]!;
      const status = await t.app.inject({
        method: 'GET',
        url: '/api/auth/status',
        headers: { cookie },
      });
      expect(status.json().isAuthenticated).toBe(true);
    } finally {
      await t.close();
    }
  });
});
