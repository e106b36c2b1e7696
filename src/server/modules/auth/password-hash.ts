import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Admin password hashing with scrypt (ARCHITECTURE section 7). The stored string carries its own
 * parameters, `scrypt$N$r$p$salt$hash`, so the cost can be raised later without breaking the
 * hashes already stored. N = 2^15, r = 8 takes about 100 ms and 32 MiB per check.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
// Node's default limit is exactly 32 MiB, which N = 2^15 with r = 8 reaches; leave headroom.
const MAX_MEMORY = 128 * 1024 * 1024;

interface ParsedHash {
  cost: { N: number; r: number; p: number };
  salt: Buffer;
  hash: Buffer;
}

function deriveKey(password: string, salt: Buffer, cost: ParsedHash['cost'], length: number) {
  const options: ScryptOptions = { ...cost, maxmem: MAX_MEMORY };
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function isIntegerIn(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

function parseHash(stored: string): ParsedHash | null {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  // The stored string is ours, but a damaged one must fail closed rather than exhaust memory.
  const isSane =
    isIntegerIn(cost.N, 2, 2 ** 20) &&
    (cost.N & (cost.N - 1)) === 0 &&
    isIntegerIn(cost.r, 1, 32) &&
    isIntegerIn(cost.p, 1, 16) &&
    128 * cost.N * cost.r <= MAX_MEMORY;
  if (!isSane) return null;
  return { cost, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await deriveKey(password, salt, COST, KEY_LENGTH);
  const { N, r, p } = COST;
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/**
 * True when `password` matches `stored`. With no usable stored hash it still spends one full
 * scrypt computation, so the answer time does not tell whether a password has been set.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored ? parseHash(stored) : null;
  if (!parsed || parsed.hash.length === 0) {
    await deriveKey(password, randomBytes(SALT_BYTES), COST, KEY_LENGTH);
    return false;
  }
  const candidate = await deriveKey(password, parsed.salt, parsed.cost, parsed.hash.length);
  return timingSafeEqual(candidate, parsed.hash);
}
