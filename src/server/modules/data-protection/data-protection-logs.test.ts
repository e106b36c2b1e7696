import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { leaseholderWithHistory, MARGARET } from '../../../../tests/helpers/leaseholder-history.js';
import {
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { buildApp } from '../../app.js';
import { createAppLogger } from '../../http/request-log.js';

let t: TestContext | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('logs of the personal-data routes', () => {
  it('carry no name, contact detail, address, note or typed confirmation, even at debug', async () => {
    t = await createTestContext();
    const { tenant } = await leaseholderWithHistory(t.ctx);
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp(t.ctx, {
      logger: createAppLogger({ logLevel: 'trace', isProduction: true }, stream),
      clientDir: '/nonexistent-client-dir',
    });
    const cookie = await signIn(app);
    const erase = (confirm: string) =>
      app.inject({
        method: 'POST',
        url: `/api/leaseholders/${tenant.id}/erase?who=${encodeURIComponent(MARGARET.name)}`,
        headers: { cookie, origin: TEST_ORIGIN },
        payload: { confirm },
      });

    const exported = await app.inject({
      method: 'GET',
      url: `/api/leaseholders/${tenant.id}/export`,
      headers: { cookie },
    });
    expect(exported.body).toContain(MARGARET.email);
    expect((await erase('Margaret Hughes-Smith')).statusCode).toBe(400);
    expect((await erase(MARGARET.name)).statusCode).toBe(200);
    expect((await erase(MARGARET.name)).statusCode).toBe(409);
    await app.close();

    const written = lines.join('');
    expect(written).toContain(`POST /api/leaseholders/${tenant.id}/erase 200`);
    expect(written).toContain(`GET /api/leaseholders/${tenant.id}/export 200`);
    for (const personal of [
      'Margaret',
      'Hughes',
      MARGARET.email,
      MARGARET.phone,
      '900123',
      'Riverside Court',
      MARGARET.note,
    ]) {
      expect(written, personal).not.toContain(personal);
    }
  });
});
