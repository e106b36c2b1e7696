/**
 * The page's query string, read from the browser rather than through wouter's useSearch: wouter
 * sits in the entry chunk (the landing page uses it), so each wouter hook the admin pages start
 * using is added to the landing page's JavaScript (decision 0001). The previews read their query
 * once, when they open, so they need no subscription to it.
 */
export function currentSearchParams(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}
