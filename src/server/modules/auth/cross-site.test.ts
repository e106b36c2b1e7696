import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createTestContext,
  signIn,
  TEST_ADMIN_PASSWORD,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';

const REFUSED = { message: 'Cross-site request refused.' };

describe('cross-site request protection', () => {
  let t: TestContext;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestContext();
    cookie = await signIn(t.app);
  });
  afterEach(() => t.close());

  const logout = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, ...headers } });
  const isSignedIn = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/status',
      headers: { cookie },
    });
    return response.json().isAuthenticated as boolean;
  };
  const csrfToken = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/status',
      headers: { cookie },
    });
    return response.json().csrfToken as string;
  };

  it('refuses a POST from another origin and changes nothing', async () => {
    const response = await logout({ origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(REFUSED);
    expect(await isSignedIn()).toBe(true);
  });

  it('refuses a sign-in posted from another origin (login CSRF)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { password: TEST_ADMIN_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses another origin even with a matching Referer', async () => {
    const response = await logout({
      origin: 'https://evil.example',
      referer: `${TEST_ORIGIN}/admin`,
    });
    expect(response.statusCode).toBe(403);
  });

  it('accepts a POST without Origin when it carries the session’s CSRF token', async () => {
    const response = await logout({ 'x-csrf-token': await csrfToken() });
    expect(response.statusCode).toBe(200);
    expect(await isSignedIn()).toBe(false);
  });

  it('refuses a POST without Origin and without, or with a wrong, CSRF token', async () => {
    expect((await logout({})).statusCode).toBe(403);
    expect((await logout({ 'x-csrf-token': 'guess' })).statusCode).toBe(403);
    expect(await isSignedIn()).toBe(true);
  });

  it('accepts a POST without Origin whose Referer is this site', async () => {
    const response = await logout({ referer: `${TEST_ORIGIN}/admin` });
    expect(response.statusCode).toBe(200);
  });

  it('accepts the origin of the Host the request was sent to', async () => {
    const response = await logout({
      host: 'portal.internal:8080',
      origin: 'http://portal.internal:8080',
    });
    expect(response.statusCode).toBe(200);
  });

  it('lets reads from anywhere through and leaves webhooks to their signatures', async () => {
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/auth/status',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/nothing-here',
      headers: { origin: 'https://evil.example' },
    });
    expect(webhook.statusCode).toBe(404);
  });

  it("refuses the public calls' cross-site POSTs too, and still answers the link page's read", async () => {
    const link = await createPaymentLink(t.ctx);
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/payment-link/${link.id}/pay`,
      headers: { origin: 'https://evil.example' },
      payload: { method: 'card' },
    });
    expect(pay.statusCode).toBe(403);
    expect(pay.json()).toEqual(REFUSED);
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/payment-link/${link.id}/opened`,
      headers: { origin: 'https://evil.example' },
    });
    expect(opened.statusCode).toBe(403);
    const callMe = await t.app.inject({
      method: 'POST',
      url: '/api/call-me-now',
      headers: { origin: 'https://evil.example' },
      payload: { phone: '07911 123456' },
    });
    expect(callMe.statusCode).toBe(403);
    const stored = await t.ctx.db
      .selectFrom('payment_links')
      .select(['status', 'opened_at'])
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'pending', opened_at: null });

    const read = await t.app.inject({
      method: 'GET',
      url: `/api/payment-link/${link.id}`,
      headers: { origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
  });
});
