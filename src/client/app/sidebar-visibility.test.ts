import { describe, expect, it } from 'vitest';
import { isSidebarShown } from './sidebar-visibility';

describe('isSidebarShown (spec section 2)', () => {
  it.each([
    '/admin',
    '/dashboard',
    '/upload',
    '/payments',
    '/templates',
    '/message-preview',
    '/message-preview-all',
    '/no-such-page',
  ])('shows it to signed-in staff on %s', (path) => {
    expect(isSidebarShown(path, true)).toBe(true);
  });

  it.each(['/', '/payment', '/payment/abc123', '/payment-success', '/old/payment/abc'])(
    'hides it on %s, even from signed-in staff',
    (path) => {
      expect(isSidebarShown(path, true)).toBe(false);
    },
  );

  it.each(['/admin', '/payments', '/no-such-page'])(
    'hides it from signed-out visitors on %s',
    (path) => {
      expect(isSidebarShown(path, false)).toBe(false);
    },
  );
});
