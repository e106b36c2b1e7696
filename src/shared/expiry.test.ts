import { describe, expect, it } from 'vitest';
import { sociableTime } from './expiry.js';

describe('sociableTime', () => {
  it('keeps a time between 10:00 and 20:00 in the UK', () => {
    // 14:30 GMT, and 19:59 BST.
    expect(sociableTime(Date.parse('2026-11-29T14:30:00Z'))).toBe(
      Date.parse('2026-11-29T14:30:00Z'),
    );
    expect(sociableTime(Date.parse('2026-07-01T18:59:00Z'))).toBe(
      Date.parse('2026-07-01T18:59:00Z'),
    );
  });

  it('moves a night or early morning to 10:00, never earlier', () => {
    // 00:53 GMT → 10:00 that day; 22:15 GMT on the last of the month → 10:00 on the 1st.
    expect(sociableTime(Date.parse('2026-12-05T00:53:00Z'))).toBe(
      Date.parse('2026-12-05T10:00:00Z'),
    );
    expect(sociableTime(Date.parse('2026-11-30T22:15:00Z'))).toBe(
      Date.parse('2026-12-01T10:00:00Z'),
    );
    // In summer time: 20:30 BST → 10:00 BST (09:00 UTC) the next day; 06:00 BST → 10:00 BST.
    expect(sociableTime(Date.parse('2026-07-01T19:30:00Z'))).toBe(
      Date.parse('2026-07-02T09:00:00Z'),
    );
    expect(sociableTime(Date.parse('2026-07-01T05:00:00Z'))).toBe(
      Date.parse('2026-07-01T09:00:00Z'),
    );
    // The night the clocks go back (25 October 2026): 01:30 BST → 10:00 GMT.
    expect(sociableTime(Date.parse('2026-10-25T00:30:00Z'))).toBe(
      Date.parse('2026-10-25T10:00:00Z'),
    );
  });
});
