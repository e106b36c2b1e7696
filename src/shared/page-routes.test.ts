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
});
