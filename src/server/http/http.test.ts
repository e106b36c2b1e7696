import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, type TestContext } from '../../../tests/helpers/test-context.js';
import { listQueryOfSearch, paymentLinksUrl } from '../../shared/payment-links.js';
import { AppError } from '../lib/errors.js';
import { redactUrl } from './request-log.js';

describe('error handler', () => {
  let t: TestContext;
  afterEach(() => t.close());

  it('answers validation errors with 400, every field message, and the first as `message`', async () => {
    t = await createTestContext();
    t.app.post(
      '/api/test-validation',
      {
        schema: {
          body: z.object({
            name: z.string().min(1, 'Name is required'),
            amount: z.number({ error: 'Amount must be a number' }),
          }),
        },
      },
      async () => ({ ok: true }),
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test-validation',
      headers: { origin: 'http://localhost:3000' },
      payload: { name: '', amount: 'x' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe('Name is required');
    expect(body.errors).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'amount', message: 'Amount must be a number' },
    ]);
  });

  it('answers an AppError with its own status and message', async () => {
    t = await createTestContext();
    t.app.get('/api/test-conflict', async () => {
      throw new AppError('CONFLICT', 'This link has already been paid.');
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/test-conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This link has already been paid.' });
  });

  it('answers an unexpected error with 500 and no internals', async () => {
    t = await createTestContext();
    t.app.get('/api/test-crash', async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2');
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/test-crash' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('ECONNREFUSED');
    expect(response.body).not.toContain('hunter2');
    expect(response.json().message).toMatch(/Something went wrong/);
  });

  it('answers malformed JSON with a clear 400', async () => {
    t = await createTestContext();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: '{"password": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The request body is not valid JSON.');
  });
});

describe('serving the built client', () => {
  let t: TestContext;
  let clientDir: string;

  beforeAll(() => {
    clientDir = mkdtempSync(path.join(tmpdir(), 'portal-client-'));
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(
      path.join(clientDir, 'index.html'),
      '<html><head><meta name="portal-config" content="{}" /><script type="module" src="/assets/index-abc123.js"></script></head><body></body></html>',
    );
    writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    // As the build leaves it (src/build/precompress.ts); shared-jkl012.js has no compressed forms.
    writeFileSync(
      path.join(clientDir, 'assets', 'index-abc123.js.br'),
      brotliCompressSync('console.log(1)'),
    );
    writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js.gz'), gzipSync('console.log(1)'));
    writeFileSync(path.join(clientDir, 'assets', 'shared-jkl012.js'), 'export const t = 1');
    writeFileSync(
      path.join(clientDir, 'assets', 'admin-area-def456.js'),
      'import{a as e}from"./index-abc123.js";import{t}from"./shared-jkl012.js";console.log(2)',
    );
    writeFileSync(path.join(clientDir, 'assets', 'payment-routes-ghi789.js'), 'console.log(3)');
  });
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }));
  afterEach(() => t.close());

  it('answers every page path with index.html carrying the public settings, escaped', async () => {
    t = await createTestContext({
      clientDir,
      env: { COMPANY_NAME: 'Smith & "Sons" <Estates>', CONTACT_PHONE: '0161 496 0000' },
    });
    for (const url of ['/admin', '/payments?status=paid', '/no/such/page']) {
      const response = await t.app.inject({ method: 'GET', url });
      // An address the router has no page for gets the not-found page with a real 404.
      expect(response.statusCode).toBe(url === '/no/such/page' ? 404 : 200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('&quot;contactPhone&quot;:&quot;0161 496 0000&quot;');
      expect(response.body).toContain('Smith &amp; \\&quot;Sons\\&quot; &lt;Estates&gt;');
      expect(response.body).not.toContain('<Estates>');
    }
  });

  it("has each staff page fetch its part's chunk at once", async () => {
    t = await createTestContext({ clientDir });
    const preloads = async (url: string) => {
      const { body } = await t.app.inject({ method: 'GET', url });
      return [...body.matchAll(/rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    };
    const admin = ['/assets/admin-area-def456.js', '/assets/shared-jkl012.js'];
    expect(await preloads('/payments?status=paid')).toEqual(admin);
    expect(await preloads('/admin')).toEqual(admin);
    // Staff pages also start asking who is signed in; leaseholders' pages do not.
    const authPreload =
      'rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/status"';
    expect((await t.app.inject({ method: 'GET', url: '/admin' })).body).toContain(authPreload);
  });

  it('has Payment Status fetch the list its address shows with the page, as the page asks for it', async () => {
    t = await createTestContext({ clientDir });
    // Only a browser with a session cookie is sent it: anyone else would get a 401 list.
    const listPreload = async (url: string, cookie = 'portal_session=abc') => {
      const { body } = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      const hrefs = [
        ...body.matchAll(/rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)"/g),
      ].map((m) => (m[1] ?? '').replaceAll('&amp;', '&'));
      return hrefs.filter((href) => href.startsWith('/api/payment-links'));
    };
    // The very URL the page's own fetch uses (shared/payment-links.ts), so the browser answers
    // that fetch with this one.
    expect(await listPreload('/payments')).toEqual([paymentLinksUrl(listQueryOfSearch(''))]);
    expect(await listPreload('/payments')).toEqual([
      '/api/payment-links?limit=25&offset=0&sort=createdAt&direction=desc',
    ]);
    expect(await listPreload('/payments?status=paid&sort=amount&direction=asc&offset=25')).toEqual([
      '/api/payment-links?status=paid&limit=25&offset=25&sort=amount&direction=asc',
    ]);
    // An address that does not parse shows the default view, and asks for it.
    expect(await listPreload('/payments?status=nonsense')).toEqual([
      '/api/payment-links?limit=25&offset=0&sort=createdAt&direction=desc',
    ]);
    // Other pages do not ask for the list, nor does a browser that is not signed in.
    expect(await listPreload('/payments', 'other=1')).toEqual([]);
    expect(await listPreload('/admin')).toEqual([]);
    expect(await listPreload('/payments/other')).toEqual([]);
    // What a visitor typed in the address is encoded, never written into the page as it is.
    const hostile = await t.app.inject({
      method: 'GET',
      url: `/payments?search=${encodeURIComponent('"><script>alert(1)</script>')}`,
      headers: { cookie: 'portal_session=abc' },
    });
    expect(hostile.body).not.toContain('<script>alert');
    expect(await listPreload(`/payments?search=${encodeURIComponent('"><b>')}`)).toEqual([
      '/api/payment-links?limit=25&offset=0&search=%22%3E%3Cb%3E&sort=createdAt&direction=desc',
    ]);
  });

  it('answers addresses the router refuses as it answers any unknown one, with the security headers', async () => {
    t = await createTestContext({ clientDir });
    const get = (url: string, method: 'GET' | 'POST' = 'GET') =>
      t.app.inject({ method, url, headers: { origin: 'http://localhost:3000' } });
    const longId = 'a'.repeat(101);

    // Pages: the page itself. A payment page takes the mangled id as its router does, and the
    // page's own read then says the link is not available.
    const paymentPage = await get('/payment/abc%2');
    expect(paymentPage.statusCode).toBe(200);
    expect(paymentPage.headers['content-type']).toContain('text/html');
    expect(paymentPage.headers['referrer-policy']).toBe('no-referrer');
    expect(paymentPage.headers['cache-control']).toBe('no-store');
    expect(paymentPage.headers['content-security-policy']).toContain("script-src 'self'");
    const adminPage = await get('/payments/%E0%A4%A');
    // No such page, so the not-found page, as for any address the router has no page for.
    expect(adminPage.statusCode).toBe(404);
    expect(adminPage.headers['content-type']).toContain('text/html');
    expect(adminPage.headers['x-frame-options']).toBe('SAMEORIGIN');

    // The link calls: exactly what an unknown link gets.
    const unknown = await get('/api/payment-link/no-such-link');
    expect(unknown.statusCode).toBe(404);
    const sameAsUnknown = (response: Awaited<ReturnType<typeof get>>) => {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(unknown.json());
      for (const name of [
        'content-security-policy',
        'cache-control',
        'referrer-policy',
        'x-robots-tag',
        'x-content-type-options',
        'content-type',
      ]) {
        expect(response.headers[name], name).toBe(unknown.headers[name]);
      }
    };
    sameAsUnknown(await get('/api/payment-link/%E0%A4%A'));
    sameAsUnknown(await get(`/api/payment-link/${longId}`));
    sameAsUnknown(await get(`/api/payment-link/${longId}/pay`, 'POST'));

    // Anything else: a plain 400 that does not echo the address.
    const other = await get('/api/payment-links/%zz');
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ message: 'This address is not valid.' });
    expect(other.headers['cache-control']).toBe('no-store');
    const longOther = await get(`/api/messages/${longId}`);
    expect(longOther.statusCode).toBe(400);
    expect(longOther.body).not.toContain(longId);
  });

  it('sends each asset in the compressed form the build wrote that the browser accepts', async () => {
    t = await createTestContext({ clientDir });
    const get = (url: string, acceptEncoding?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });
    const brotli = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1)');
    const gzip = await get('/assets/index-abc123.js', 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('console.log(1)');
    for (const response of [brotli, gzip]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers['cache-control']).toContain('immutable');
      // Caches keep one answer per encoding.
      expect(response.headers.vary).toContain('accept-encoding');
    }
    // A client that accepts neither, and a file the build left as it is, get the file itself.
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
    const uncompressed = await get('/assets/shared-jkl012.js', 'br, gzip');
    expect(uncompressed.statusCode).toBe(200);
    expect(uncompressed.headers['content-encoding']).toBeUndefined();
    expect(uncompressed.body).toBe('export const t = 1');
  });

  it('caches hashed assets for a year and answers missing assets and API paths with 404', async () => {
    t = await createTestContext({ clientDir });
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found' });
  });

  it('says plainly when the client has not been built', async () => {
    t = await createTestContext();
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  });
});

describe('request log redaction', () => {
  it('drops query strings and replaces link ids', () => {
    expect(redactUrl('/payments?search=Mrs%20Smith')).toBe('/payments');
    expect(redactUrl('/payment/Zx81abcDEF')).toBe('/payment/:id');
    expect(redactUrl('/api/payment-link/Zx81abcDEF')).toBe('/api/payment-link/:id');
    expect(redactUrl('/api/payment-links/Zx81/renew')).toBe('/api/payment-links/:id/renew');
    expect(redactUrl('/healthz')).toBe('/healthz');
  });
});
