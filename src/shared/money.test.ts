import { describe, expect, it } from 'vitest';
import { timeRemaining } from './expiry.js';
import { decimalStringToPence, formatPence, parsePounds, penceToDecimalString } from './money.js';

describe('money', () => {
  it('formats pence as pounds with two decimals and thousands separators', () => {
    expect(formatPence(123450)).toBe('£1,234.50');
    expect(formatPence(5)).toBe('£0.05');
    expect(formatPence(45000)).toBe('£450.00');
  });

  it("writes pounds exactly as the browser's en-GB currency format would", () => {
    const intl = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: 'GBP',
      minimumFractionDigits: 2,
    });
    const edges = [0, 1, 99, 100, 99_999, 100_000, 123_456_789, 100_000_000_000, -1, -250];
    const spread = Array.from(
      { length: 2_000 },
      (_, n) => Math.trunc(1.013 ** n) * (n % 3 ? 1 : -1),
    );
    for (const pence of [...edges, ...spread].filter(Number.isSafeInteger)) {
      expect(formatPence(pence)).toBe(intl.format(pence / 100));
    }
  });

  it("reads the API's decimal string back into pence without float drift", () => {
    for (const pence of [0, 5, 10, 1999, 123450, 100000000, -250]) {
      expect(decimalStringToPence(penceToDecimalString(pence))).toBe(pence);
    }
    expect(decimalStringToPence('1245.5')).toBe(124550);
    expect(decimalStringToPence('300')).toBe(30000);
  });

  it('gives the decimal string the API carries', () => {
    expect(penceToDecimalString(123450)).toBe('1234.50');
    expect(penceToDecimalString(7)).toBe('0.07');
    expect(penceToDecimalString(-150)).toBe('-1.50');
  });
});

describe('timeRemaining', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0);
  const minute = 60_000;
  it.each([
    [7 * 24 * 60 * minute, '7 days'],
    [24 * 60 * minute, '1 day'],
    [24 * 60 * minute - 1, '23 hours'],
    [60 * minute, '1 hour'],
    [60 * minute - 1, '59 minutes'],
    [90_000, '1 minute'],
    [1, '1 minute'],
  ])('%i ms left reads "%s"', (left, text) => {
    expect(timeRemaining(now + left, now)).toBe(text);
  });

  it('is null once the link has expired', () => {
    expect(timeRemaining(now, now)).toBeNull();
    expect(timeRemaining(now - 1, now)).toBeNull();
  });
});

describe('parsePounds', () => {
  it.each([
    ['1245.50', 124_550],
    ['1245.5', 124_550],
    ['£1,245.50', 124_550],
    [' £12 ', 1_200],
    ['GBP 89', 8_900],
    ['89.10 gbp', 8_910],
    ['1,234', 123_400],
    ['0', 0],
    [1245.5, 124_550],
    [0.1, 10],
    [0.1 + 0.2, 30],
    [1245.5000000000002, 124_550],
  ])('reads %j as %i pence', (amount, pence) => {
    expect(parsePounds(amount)).toBe(pence);
  });

  it.each([
    '',
    '£',
    'twelve pounds',
    '12,45',
    '1,2,3',
    '1.234',
    '-5',
    '(5)',
    '1e3',
    12.345,
    -5,
    Number.NaN,
    1e21,
  ])('refuses %j', (amount) => {
    expect(parsePounds(amount)).toBeNull();
  });
});
