import { describe, expect, it } from 'vitest';
import { isoTimestamp } from './iso-time.js';

const expected = (ms: number) => new Date(ms).toISOString();

describe('isoTimestamp', () => {
  it('writes exactly what toISOString writes at the calendar’s edges', () => {
    const instants = [
      0,
      1,
      999,
      Date.UTC(1970, 0, 1, 23, 59, 59, 999),
      Date.UTC(1972, 1, 29, 12),
      Date.UTC(1999, 11, 31, 23, 59, 59, 999),
      Date.UTC(2000, 1, 29),
      Date.UTC(2000, 2, 1),
      Date.UTC(2023, 1, 28, 23, 59, 59, 999),
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2024, 2, 1),
      Date.UTC(2026, 2, 29, 1, 0, 0, 5), // the night the UK moves to BST: UTC is unaffected
      Date.UTC(2026, 11, 31, 23, 59, 59, 999),
      Date.UTC(2100, 1, 28, 23, 59, 59, 999),
      Date.UTC(2100, 2, 1),
      Date.UTC(2400, 1, 29),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
    ];
    for (const ms of instants) expect(isoTimestamp(ms)).toBe(expected(ms));
  });

  it('agrees with toISOString on every day for three centuries and at random instants', () => {
    const start = Date.UTC(1970, 0, 1);
    for (let day = 0; day < 366 * 300; day += 1) {
      const ms = start + day * 86_400_000 + ((day * 7_919_993) % 86_400_000);
      expect(isoTimestamp(ms)).toBe(expected(ms));
    }
    let seed = 42;
    for (let index = 0; index < 30_000; index += 1) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      const ms = Math.floor((seed / 2_147_483_648) * 253_402_300_799_999);
      expect(isoTimestamp(ms)).toBe(expected(ms));
    }
  });

  it('leaves instants outside its range to toISOString, errors included', () => {
    expect(isoTimestamp(-1)).toBe('1969-12-31T23:59:59.999Z');
    expect(isoTimestamp(253_402_300_800_000)).toBe('+010000-01-01T00:00:00.000Z');
    expect(isoTimestamp(1.5)).toBe(expected(1.5));
    expect(() => isoTimestamp(Number.NaN)).toThrow(RangeError);
  });
});
