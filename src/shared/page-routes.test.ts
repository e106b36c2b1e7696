import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isKnownPagePath } from './page-routes.js';

describe('the pages the router knows', () => {
  it.each([
    '/',
    '/admin',
    '/Admin/',
    '/dashboard',
    '/upload',
    '/payments',
    '/templates',
    '/message-preview',
    '/message-preview-all',
    '/messages',
    '/system',
    '/leaseholders',
    '/leaseholders/acc_123',
    '/payment/AbC-123_x',
    '/payment-success',
  ])('knows %s', (path) => {
    expect(isKnownPagePath(path)).toBe(true);
  });

  it.each([
    '/no/such/page',
    '/admin/x',
    '/payment',
    '/payment/',
    '/payment/a/b',
    '/leaseholders/a/b',
    '/payments-old',
    '//',
  ])('does not know %s', (path) => {
    expect(isKnownPagePath(path)).toBe(false);
  });

  it('knows every page the client’s routers have, so none of them answers 404', () => {
    const client = path.resolve(import.meta.dirname, '../client/app');
    const routes = ['router.tsx', 'admin-area.tsx'].flatMap((file) =>
      [...readFileSync(path.join(client, file), 'utf8').matchAll(/<Route path="([^"]+)"/g)].map(
        (match) => (match[1] ?? '').replaceAll(/:[a-zA-Z]+/g, 'x'),
      ),
    );
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) expect(isKnownPagePath(route), route).toBe(true);
  });
});
