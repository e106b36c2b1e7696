import { randomBytes } from 'node:crypto';

/**
 * Crockford's base32 alphabet in lower case: no i, l, o or u, so nothing can be misread when the
 * password is copied from a terminal by hand. 32 symbols are 5 bits each, and 256 is a multiple of
 * 32, so masking a random byte picks every symbol with equal chance.
 */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const GROUPS = 4;
const GROUP_LENGTH = 5;

/** A first-start admin password such as `k3m9x-7hq2d-...`: 20 symbols, 100 bits of entropy. */
export function generateAdminPassword(): string {
  const bytes = randomBytes(GROUPS * GROUP_LENGTH);
  const symbols = Array.from(bytes, (byte) => ALPHABET[byte & 31]);
  const groups: string[] = [];
  for (let start = 0; start < symbols.length; start += GROUP_LENGTH) {
    groups.push(symbols.slice(start, start + GROUP_LENGTH).join(''));
  }
  return groups.join('-');
}
