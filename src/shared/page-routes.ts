/**
 * Every page address the client's router shows a page for (spec section 2, plus the staff pages
 * added since). The server answers any other page address with the not-found page and HTTP 404,
 * so monitors and search engines see it (issue 31). Matched as the router (wouter) matches: any
 * case, one trailing slash allowed.
 */
export const ADMIN_PAGE_PATTERNS = [
  '/admin',
  '/dashboard',
  '/upload',
  '/payments',
  '/templates',
  '/message-preview',
  '/message-preview-all',
  '/messages',
  '/system',
  '/leaseholders',
  '/leaseholders/:id',
] as const;

const PUBLIC_PAGE_PATTERNS = ['/', '/payment/:id', '/payment-success'] as const;

function matcherOf(pattern: string): RegExp {
  const source = pattern === '/' ? '' : pattern.replaceAll(/:[a-z]+/gi, '[^/]+');
  return new RegExp(`^${source}/?$`, 'i');
}

const MATCHERS = [...ADMIN_PAGE_PATTERNS, ...PUBLIC_PAGE_PATTERNS].map(matcherOf);

/** Whether the router has a page for `pathname` (no query). */
export function isKnownPagePath(pathname: string): boolean {
  return MATCHERS.some((matcher) => matcher.test(pathname));
}
