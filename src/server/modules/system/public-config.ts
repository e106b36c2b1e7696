import type { PublicConfig } from '../../../shared/public-config.js';
import type { Config } from '../../config.js';

const CONFIG_META = /<meta name="portal-config" content="[^"]*"\s*\/?>/;

export function publicConfigOf(config: Config): PublicConfig {
  return {
    companyName: config.company.name,
    contactPhone: config.company.phone,
    contactEmail: config.company.email,
    linkLifetimeDays: config.linkLifetimeDays,
    paymentProvider: config.stripe ? 'stripe' : 'demo',
  };
}

function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/**
 * The public settings the pages need (contact details) travel inside index.html as a meta tag:
 * no extra round trip on a phone, and no inline script for the CSP to allow.
 */
export function injectPublicConfig(html: string, publicConfig: PublicConfig): string {
  const tag = `<meta name="portal-config" content="${escapeAttribute(JSON.stringify(publicConfig))}" />`;
  return html.replace(CONFIG_META, tag);
}
