import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  TEST_ADMIN_PASSWORD,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';

const PER_IP_MESSAGE = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
const GLOBAL_MESSAGE =
  'Sign-in is temporarily paused after many failed attempts. Please try again in a few minutes.';
const FIFTEEN_MINUTES = 15 * 60 * 1000;

describe('login rate limit', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  const login = (password: string, ip = '203.0.113.7') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      headers: { origin: TEST_ORIGIN },
      payload: { password },
    });

  async function failTimes(count: number, ip?: string) {
    for (let i = 0; i < count; i++) {
      expect((await login('wrong-password', ip)).statusCode).toBe(401);
    }
  }

  it('refuses even the right password after 5 failures from one address, for 15 minutes', async () => {
    await failTimes(5);
    const limited = await login(TEST_ADMIN_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: PER_IP_MESSAGE });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['set-cookie']).toBeUndefined();

    // Another address is not affected.
    expect((await login(TEST_ADMIN_PASSWORD, '198.51.100.4')).statusCode).toBe(200);

    t.clock.advance(FIFTEEN_MINUTES);
    expect((await login(TEST_ADMIN_PASSWORD)).statusCode).toBe(200);

    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'auth.login_rate_limited')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('clears the address’s failures after a successful sign-in', async () => {
    await failTimes(4);
    expect((await login(TEST_ADMIN_PASSWORD)).statusCode).toBe(200);
    await failTimes(5);
    expect((await login('wrong-password')).statusCode).toBe(429);
  });

  it('counts parallel guesses too: a burst gets no more than 5 checked', async () => {
    const responses = await Promise.all(Array.from({ length: 12 }, () => login('wrong-password')));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(7);
  });

  it('does not count staff signing in on new browsers towards the global cap', async () => {
    // Twelve people sign in from new browsers within the window, then a guesser fails 45 times:
    // counted with them that would pass the cap (50 failures); it is not reached, so the next
    // person still gets in. (Each sign-in is a deliberately slow scrypt check: few, not sixty.)
    for (let person = 0; person < 12; person++) {
      expect((await login(TEST_ADMIN_PASSWORD, `198.51.100.${person + 1}`)).statusCode).toBe(200);
    }
    const addresses = Array.from({ length: 9 }, (_, index) => `192.0.2.${index + 1}`);
    await Promise.all(addresses.map((address) => failTimes(5, address)));
    expect((await login(TEST_ADMIN_PASSWORD, '198.51.100.200')).statusCode).toBe(200);
    // Five more failures fill it.
    await failTimes(5, '192.0.2.100');
    expect((await login(TEST_ADMIN_PASSWORD, '198.51.100.201')).json()).toEqual({
      message: GLOBAL_MESSAGE,
    });
  });

  it('pauses all sign-ins after 50 failures across addresses', async () => {
    const addresses = Array.from({ length: 10 }, (_, index) => `192.0.2.${index + 1}`);
    await Promise.all(addresses.map((address) => failTimes(5, address)));
    const paused = await login(TEST_ADMIN_PASSWORD, '192.0.2.200');
    expect(paused.statusCode).toBe(429);
    expect(paused.json()).toEqual({ message: GLOBAL_MESSAGE });
    expect(paused.headers['retry-after']).toBeDefined();

    t.clock.advance(FIFTEEN_MINUTES);
    expect((await login(TEST_ADMIN_PASSWORD, '192.0.2.200')).statusCode).toBe(200);
  });
});
