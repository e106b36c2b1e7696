import { createContext, useContext } from 'react';
import { isPublicConfig, type PublicConfig } from '../../shared/public-config';

const fallback: PublicConfig = {
  companyName: 'Riverside Estate Management',
  contactPhone: '020 7946 0123',
  contactEmail: 'enquiries@riverside-estates.example',
  linkLifetimeDays: 7,
  paymentProvider: 'demo',
};

let cached: PublicConfig | undefined;

/** The server writes the public settings into index.html's portal-config meta tag. */
export function getPublicConfig(): PublicConfig {
  if (cached) return cached;
  const content = document.querySelector('meta[name="portal-config"]')?.getAttribute('content');
  let value: unknown = {};
  try {
    value = content ? JSON.parse(content) : {};
  } catch {
    // A broken tag must not break the page: fall back to the defaults below.
  }
  cached = isPublicConfig(value) ? value : fallback;
  return cached;
}

/**
 * The server renders the public pages with its settings here (entry-server.tsx), where there is
 * no document to read the meta tag from; in the browser nothing provides it and the meta tag,
 * written from the same settings, is read instead.
 */
export const PublicConfigContext = createContext<PublicConfig | null>(null);

/** The public settings, on the server and in the browser alike. */
export function usePublicConfig(): PublicConfig {
  return useContext(PublicConfigContext) ?? getPublicConfig();
}
