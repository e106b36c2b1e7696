import { describe, expect, it } from 'vitest';
import {
  createTestContext,
  TEST_ORIGIN,
  type TestContext,
} from '../../../tests/helpers/test-context.js';
import { ConfigError, loadConfig } from '../config.js';
import { TRUST_PROXY_FORMS } from './trust-proxy.js';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['true', 1],
    ['2', 2],
    ['10.0.0.1, 10.1.0.0/16, loopback', ['10.0.0.1', '10.1.0.0/16', 'loopback']],
    ['2001:db8::/32', ['2001:db8::/32']],
  ])('reads %s as %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(
      expected,
    );
  });

  it.each(['everyone', '10.0.0.1/33', '10.0.0.1,', '300.1.1.1', '11'])(
    'refuses %s, naming the forms it takes',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(`TRUST_PROXY: ${TRUST_PROXY_FORMS}`);
    },
  );

  describe.each([
    ['true', '10.0.0.2'],
    ['1', '10.0.0.2'],
    ['10.0.0.0/8', '10.0.0.2'],
  ])('set to %s, behind an appending proxy', (trustProxy, proxyAddress) => {
    async function withApp(work: (t: TestContext) => Promise<void>) {
      const t = await createTestContext({ env: { TRUST_PROXY: trustProxy } });
      try {
        await work(t);
      } finally {
        await t.close();
      }
    }
    // The client writes its own X-Forwarded-For; the proxy appends the address it saw.
    const login = (t: TestContext, spoofed: string, real: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: proxyAddress,
        headers: { origin: TEST_ORIGIN, 'x-forwarded-for': `${spoofed}, ${real}` },
        payload: { password: 'wrong-password' },
      });

    it('limits the client by the address the proxy saw, not the one it wrote', async () => {
      await withApp(async (t) => {
        const statuses: number[] = [];
        for (let i = 1; i <= 7; i += 1) {
          statuses.push((await login(t, `203.0.113.${i}`, '198.51.100.9')).statusCode);
        }
        expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
        // Another client behind the same proxy is not affected.
        expect((await login(t, '203.0.113.1', '198.51.100.10')).statusCode).toBe(401);
      });
    });
  });
});
