import { describe, expect, it } from 'vitest';
import { newId, randomToken } from './ids.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newId', () => {
  it('is a UUIDv7 carrying the time it was made', () => {
    const before = Date.now();
    const id = newId();
    const ms = Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);
    expect(id).toMatch(UUID_V7);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now() + 1);
  });

  it('sorts in the order the ids were made, even thousands in one millisecond', () => {
    const ids = Array.from({ length: 20_000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect([...ids].sort()).toEqual(ids);
  });
});

describe('randomToken', () => {
  it('is URL-safe and never repeats', () => {
    const tokens = Array.from({ length: 1000 }, () => randomToken(16));
    expect(new Set(tokens).size).toBe(1000);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('hands out each pooled random byte once, across refills and for sizes beyond the pool', () => {
    const sizes = Array.from({ length: 900 }, (_, index) => [16, 32, 7][index % 3]!);
    const tokens = sizes.map((size) => Buffer.from(randomToken(size), 'base64url'));
    tokens.push(Buffer.from(randomToken(5000), 'base64url'));
    expect(tokens.map((token) => token.length)).toEqual([...sizes, 5000]);
    // Reused bytes would repeat 7-byte windows; fresh random ones practically never do.
    const windows = new Set<string>();
    let count = 0;
    for (const token of tokens) {
      for (let start = 0; start + 7 <= token.length; start += 7) {
        windows.add(token.subarray(start, start + 7).toString('hex'));
        count += 1;
      }
    }
    expect(windows.size).toBe(count);
  });
});
