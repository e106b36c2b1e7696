import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAppLogger, RequestLogLines } from './request-log.js';

/** An app logging through the app's logger at `level` into an array of parsed lines. */
async function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({
    loggerInstance: createAppLogger({ logLevel: level, isProduction: true }, stream),
    logController: new RequestLogLines(),
  });
  app.get('/api/payment-link/:id', async (request) => {
    request.log.warn({ detail: 'x' }, 'a warning');
    return { ok: true };
  });
  await app.ready();
  return { app, lines };
}

const LINK_ID = 'Zx81abcDEFghiJKLmnoPQr';

describe('request logs', () => {
  it('writes one line per request that reads on its own, without the link id, address or cookie', async () => {
    const { app, lines } = await appLoggingAt('info');
    await app.inject({
      method: 'GET',
      url: `/api/payment-link/${LINK_ID}?name=Margaret`,
      remoteAddress: '203.0.113.9',
      headers: { cookie: 'portal_session=secret-token' },
    });

    const completed = lines.filter((line) => line.level === 30);
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      msg: expect.stringMatching(/^GET \/api\/payment-link\/:id 200 \(\d+ ms\)$/),
      req: { method: 'GET', url: '/api/payment-link/:id' },
      res: { statusCode: 200 },
    });
    const written = JSON.stringify(lines);
    for (const secret of [LINK_ID, '203.0.113.9', 'secret-token', 'Margaret']) {
      expect(written).not.toContain(secret);
    }
    await app.close();
  });

  it('carries the request id on a route’s own lines, and at warn writes only those', async () => {
    const { app, lines } = await appLoggingAt('warn');
    await app.inject({ method: 'GET', url: `/api/payment-link/${LINK_ID}` });
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, reqId: 'req-1', detail: 'x', msg: 'a warning' }),
    ]);
    await app.close();
  });

  it('writes nothing at all when silent', async () => {
    const { app, lines } = await appLoggingAt('silent');
    await app.inject({ method: 'GET', url: `/api/payment-link/${LINK_ID}` });
    expect(lines).toEqual([]);
    await app.close();
  });
});
