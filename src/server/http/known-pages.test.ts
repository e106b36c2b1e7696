import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isKnownPagePath } from '../../shared/page-routes.js';

/** The server's list of pages (404 for anything else) against the client's route tables. */
describe('the pages the server answers 200 for', () => {
  it('knows every page the client’s routers have, so none of them answers 404', () => {
    const client = path.resolve(import.meta.dirname, '../../client/app');
    const routes = ['router.tsx', 'admin-area.tsx'].flatMap((file) =>
      [...readFileSync(path.join(client, file), 'utf8').matchAll(/<Route path="([^"]+)"/g)].map(
        (match) => (match[1] ?? '').replaceAll(/:[a-zA-Z]+/g, 'x'),
      ),
    );
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) expect(isKnownPagePath(route), route).toBe(true);
  });
});
