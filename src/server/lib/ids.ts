import { randomFillSync } from 'node:crypto';

/**
 * Random bytes drawn from the CSPRNG 4 KB at a time and each handed out once: one call per 256
 * ids instead of one each (an upload's 50,000 link ids took a quarter of a second one by one).
 */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomBytesFromPool(size: number): Buffer {
  if (size > pool.length) return randomFillSync(Buffer.alloc(size));
  if (poolOffset + size > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = Buffer.from(pool.subarray(poolOffset, poolOffset + size));
  poolOffset += size;
  return bytes;
}

/** Opaque, unguessable token: 128 bits or more of randomness, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytesFromPool(bytes).toString('base64url');
}

let lastMs = 0;
let sequence = 0;

/**
 * A UUIDv7 (RFC 9562): the millisecond time, then 74 random bits, so ids made later sort later.
 * A new row's id then lands at the end of its primary-key index and of every index that ends
 * with it, instead of at a random page (an upload of 50,000 leaseholders wrote its indexes in
 * about half the time). Within one millisecond the 12 bits after the time count up from a random
 * start (the RFC's method 1), so this process's ids stay in order; at 4,096 in one millisecond
 * the time moves on by one. Not secret: link ids, which are, use randomToken.
 */
export function newId(): string {
  const bytes = randomBytesFromPool(16);
  let ms = Date.now();
  if (ms <= lastMs) {
    ms = lastMs;
    sequence += 1;
    if (sequence > 0xfff) {
      ms += 1;
      sequence = bytes.readUInt16BE(6) & 0x7ff;
    }
  } else {
    sequence = bytes.readUInt16BE(6) & 0x7ff;
  }
  lastMs = ms;
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
