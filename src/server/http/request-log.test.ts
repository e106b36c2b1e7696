import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { requestLogOptions } from './request-log.js';

/** A pino logger at `level` writing into an array, and a count of the children it made. */
function capturedLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const logger = pino({ level }, stream);
  const counts = { children: 0 };
  const child = logger.child;
  // On `this`: Fastify makes its own logger a child of this one, and children of that.
  logger.child = function (this: typeof logger, ...args: Parameters<typeof child>) {
    counts.children += 1;
    return child.apply(this, args);
  } as typeof logger.child;
  return { logger, lines, counts };
}

async function appLoggingTo(logger: pino.Logger) {
  const app = Fastify(requestLogOptions(logger));
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/chatty', async (request) => {
    request.log.info('an info line');
    request.log.warn({ detail: 'x' }, 'a warning');
    return { ok: true };
  });
  await app.ready();
  return app;
}

describe('request logs', () => {
  it('at warn writes a request’s warnings with its id, and makes no logger for a quiet request', async () => {
    const { logger, lines, counts } = capturedLogger('warn');
    const app = await appLoggingTo(logger);

    for (let i = 0; i < 5; i += 1) await app.inject({ method: 'GET', url: '/quiet' });
    expect(counts.children).toBe(0);
    expect(lines).toEqual([]);

    const chatty = await app.inject({ method: 'GET', url: '/chatty' });
    expect(chatty.statusCode).toBe(200);
    expect(counts.children).toBe(1);
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, reqId: 'req-6', detail: 'x', msg: 'a warning' }),
    ]);
    await app.close();
  });

  it('honours a route’s own log level', async () => {
    const { logger, lines } = capturedLogger('warn');
    const app = Fastify(requestLogOptions(logger));
    app.get('/traced', { logLevel: 'info' }, async (request) => {
      request.log.info('traced');
      return { ok: true };
    });
    await app.inject({ method: 'GET', url: '/traced' });
    expect(lines.map((line) => line.msg)).toContain('traced');
    await app.close();
  });

  it('at info writes Fastify’s incoming and completed lines for every request', async () => {
    const { logger, lines } = capturedLogger('info');
    const app = await appLoggingTo(logger);

    await app.inject({ method: 'GET', url: '/quiet' });

    const messages = lines.map((line) => line.msg);
    expect(messages).toContain('incoming request');
    expect(messages).toContain('request completed');
    const completed = lines.find((line) => line.msg === 'request completed');
    expect(completed).toMatchObject({ reqId: 'req-1', res: { statusCode: 200 } });
    expect(typeof completed?.responseTime).toBe('number');
    await app.close();
  });

  it('writes nothing at all when silent', async () => {
    const { logger, lines, counts } = capturedLogger('silent');
    const app = await appLoggingTo(logger);
    await app.inject({ method: 'GET', url: '/chatty' });
    expect(lines).toEqual([]);
    expect(counts.children).toBe(0);
    await app.close();
  });
});
