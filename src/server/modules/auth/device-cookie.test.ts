import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  TEST_ADMIN_PASSWORD,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { GLOBAL_MESSAGE, PER_IP_MESSAGE } from './login-rate-limit.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

function deviceCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((candidate) => candidate.name.endsWith('portal_device'));
  if (!cookie) throw new Error('no device cookie');
  return `${cookie.name}=${cookie.value}`;
}

// Each test checks up to 57 passwords with scrypt, which is slow by design.
describe('device cookies (OWASP): staff are not locked out by the global cap', {
  timeout: 90_000,
}, () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  const login = (password: string, ip: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: { password },
    });

  /** 50 failures from 10 addresses: the global cap is engaged. */
  async function engageGlobalCap() {
    const addresses = Array.from({ length: 10 }, (_, index) => `192.0.2.${index + 1}`);
    await Promise.all(
      addresses.map(async (address) => {
        for (let i = 0; i < 5; i += 1) await login('wrong-password', address);
      }),
    );
    const paused = await login(TEST_ADMIN_PASSWORD, '198.51.100.200');
    expect(paused.json()).toEqual({ message: GLOBAL_MESSAGE });
  }

  it('is issued at sign-in: HttpOnly, SameSite=Strict, long-lived', async () => {
    const response = await login(TEST_ADMIN_PASSWORD, '203.0.113.1');
    expect(response.cookies.map((cookie) => cookie.name)).toEqual([
      'portal_session',
      'portal_device',
    ]);
    expect(response.cookies[1]).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      maxAge: 365 * 24 * 60 * 60,
    });
    expect(response.cookies[1]?.secure).toBeFalsy();
  });

  it('lets a browser that signed in before sign in while the global cap is engaged', async () => {
    const device = deviceCookieOf(await login(TEST_ADMIN_PASSWORD, '203.0.113.1'));
    await engageGlobalCap();

    const signedIn = await login(TEST_ADMIN_PASSWORD, '198.51.100.201', device);
    expect(signedIn.statusCode).toBe(200);
    // Without the cookie, or with a forged one, the same address is still paused.
    const forged = `${device.slice(0, -4)}AAAA`;
    for (const cookie of [undefined, forged, 'portal_device=nonsense']) {
      const refused = await login(TEST_ADMIN_PASSWORD, '198.51.100.202', cookie);
      expect(refused.json()).toEqual({ message: GLOBAL_MESSAGE });
    }
  });

  it('still applies the per-address limit to a browser with a device cookie', async () => {
    const device = deviceCookieOf(await login(TEST_ADMIN_PASSWORD, '203.0.113.1'));
    for (let i = 0; i < 5; i += 1) await login('wrong-password', '203.0.113.9');
    const refused = await login(TEST_ADMIN_PASSWORD, '203.0.113.9', device);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: PER_IP_MESSAGE });
  });

  it('locks out a device cookie that fails 5 times, from any address, until its window passes', async () => {
    const device = deviceCookieOf(await login(TEST_ADMIN_PASSWORD, '203.0.113.1'));
    await engageGlobalCap();
    for (let i = 0; i < 5; i += 1) {
      expect((await login('wrong-password', `198.51.100.${i + 10}`, device)).statusCode).toBe(401);
    }
    const locked = await login(TEST_ADMIN_PASSWORD, '198.51.100.30', device);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: PER_IP_MESSAGE });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'auth.login_rate_limited')
      .execute();
    // One lock-out row for the device and one for the global cap, whatever the addresses did.
    const reasons = audit.map((row) => JSON.parse(row.details ?? '{}').reason);
    expect(reasons.filter((reason) => reason !== 'ip').sort()).toEqual(['device', 'global']);

    t.clock.advance(FIFTEEN_MINUTES);
    expect((await login(TEST_ADMIN_PASSWORD, '198.51.100.30', device)).statusCode).toBe(200);
  });
});

describe('the device cookie in production', () => {
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
      expect(response.cookies[1]).toMatchObject({
        name: '__Host-portal_device',
        secure: true,
        httpOnly: true,
        sameSite: 'Strict',
      });
    } finally {
      await t.close();
    }
  });
});
