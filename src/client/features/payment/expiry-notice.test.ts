import { describe, expect, it } from 'vitest';
import { expiryNotice } from './expiry-notice';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const at = (ms: number) => new Date(NOW + ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('the payment page’s expiry notice', () => {
  it.each([
    [7 * DAY, 'This payment link expires in 7 days'],
    [DAY, 'This payment link expires in 1 day'],
    [DAY - 1, 'This payment link expires in 23 hours'],
    [HOUR, 'This payment link expires in 1 hour'],
    [HOUR - 1, 'This payment link expires in 59 minutes'],
    [MINUTE, 'This payment link expires in 1 minute'],
    [1_000, 'This payment link expires in 1 minute'],
    [0, 'This payment link has expired'],
    [-DAY, 'This payment link has expired'],
  ])('%i ms left reads “%s”', (left, text) => {
    expect(expiryNotice(at(left), NOW)).toBe(text);
  });
});
