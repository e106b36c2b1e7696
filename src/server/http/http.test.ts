import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
      throw new AppError(409, 'This link has already been paid.');
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
    for (const url of ['/', '/admin', '/payments?status=paid', '/no/such/page']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('&quot;contactPhone&quot;:&quot;0161 496 0000&quot;');
      expect(response.body).toContain('Smith &amp; \\&quot;Sons\\&quot; &lt;Estates&gt;');
      expect(response.body).not.toContain('<Estates>');
    }
  });

  it("has each page fetch its part's chunk at once, and the landing page neither", async () => {
    t = await createTestContext({ clientDir });
    const preloads = async (url: string) => {
      const { body } = await t.app.inject({ method: 'GET', url });
      return [...body.matchAll(/rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    };
    expect(await preloads('/')).toEqual([]);
    const admin = ['/assets/admin-area-def456.js', '/assets/shared-jkl012.js'];
    expect(await preloads('/payments?status=paid')).toEqual(admin);
    expect(await preloads('/admin')).toEqual(admin);
    // Staff pages also start asking who is signed in; leaseholders' pages do not.
    const authPreload =
      'rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/status"';
    expect((await t.app.inject({ method: 'GET', url: '/admin' })).body).toContain(authPreload);
    expect((await t.app.inject({ method: 'GET', url: '/payment/x' })).body).not.toContain(
      '/api/auth/status',
    );
    expect(await preloads('/payment/abcDEF123')).toEqual(['/assets/payment-routes-ghi789.js']);
    expect(await preloads('/payment-success?link_id=x')).toEqual([
      '/assets/payment-routes-ghi789.js',
    ]);
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

  it('keeps payment link pages out of caches, referrers and search indexes', async () => {
    t = await createTestContext({ clientDir });
    const response = await t.app.inject({ method: 'GET', url: '/payment/abcDEF123' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-robots-tag']).toContain('noindex');
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
