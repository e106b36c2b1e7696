import { isIP } from 'node:net';

/**
 * Which proxies TRUST_PROXY trusts: none, a number of hops, or the proxies' addresses. The
 * client's address is the right-most X-Forwarded-For entry not added by a trusted hop. `true` is
 * one hop, not Fastify's "trust every hop": that reads the left-most entry, which the client
 * writes itself, and every per-address limit would take its word.
 */
export type TrustProxy = false | number | string[];

/**
 * Fastify 5 takes hops as a function of the hop's index (0 is the socket's peer); it refuses a
 * bare number, since a client that can reach the app directly could then name its own address.
 * A hop count is therefore only for an app reachable through its proxies alone.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

export const TRUST_PROXY_FORMS =
  'must be false, true (one proxy), a number of proxy hops, or proxy addresses (IPs or CIDRs, comma-separated)';

/** proxy-addr's names for reserved ranges, which Fastify accepts among the addresses. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(text: string): boolean {
  if (RANGE_NAMES.has(text)) return true;
  const [address = '', prefix, ...rest] = text.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (version === 4 && isIP(prefix) === 4) return true; // a netmask, 255.255.255.0
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** The setting as Fastify takes it, or null for a value that is none of the forms. */
export function parseTrustProxy(value: string | undefined): TrustProxy | null {
  const text = value?.trim().toLowerCase() ?? '';
  if (['', 'false', 'no', '0'].includes(text)) return false;
  if (['true', 'yes'].includes(text)) return 1;
  if (/^\d+$/.test(text)) return Number(text) <= 10 ? Number(text) : null;
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrRange) ? entries : null;
}
