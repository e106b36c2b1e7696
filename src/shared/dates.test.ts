import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRelativeTime } from './dates.js';

describe('formatDate and formatDateTime', () => {
  it('show winter times as GMT', () => {
    expect(formatDate('2025-01-05T09:07:00Z')).toBe('05/01/2025');
    expect(formatDateTime('2025-01-05T09:07:00Z')).toBe('5 Jan 2025 at 09:07');
  });

  it('show summer times in British Summer Time, even across midnight', () => {
    expect(formatDateTime('2025-07-14T23:30:00Z')).toBe('15 Jul 2025 at 00:30');
    expect(formatDate('2025-07-14T23:30:00Z')).toBe('15/07/2025');
  });

  it('follow the clocks changing in March and October', () => {
    expect(formatDateTime('2025-03-30T00:59:00Z')).toBe('30 Mar 2025 at 00:59');
    expect(formatDateTime('2025-03-30T01:00:00Z')).toBe('30 Mar 2025 at 02:00');
    expect(formatDateTime('2025-10-26T00:30:00Z')).toBe('26 Oct 2025 at 01:30');
    expect(formatDateTime('2025-10-26T01:30:00Z')).toBe('26 Oct 2025 at 01:30');
  });

  it('write every month the same short way, midnight as 00:00', () => {
    expect(formatDateTime('2025-09-09T23:00:00Z')).toBe('10 Sep 2025 at 00:00');
    expect(formatDateTime('2025-12-31T23:59:00Z')).toBe('31 Dec 2025 at 23:59');
    expect(formatDate('2025-12-31T23:59:00Z')).toBe('31/12/2025');
  });

  it('accept dates and epoch milliseconds', () => {
    const time = Date.UTC(2025, 2, 5, 14, 5);
    expect(formatDateTime(time)).toBe('5 Mar 2025 at 14:05');
    expect(formatDateTime(new Date(time))).toBe('5 Mar 2025 at 14:05');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.UTC(2025, 5, 1, 12, 0, 0);
  const at = (offsetMs: number) => now + offsetMs;
  const minute = 60_000;
  const hour = 60 * minute;
  const day = 24 * hour;

  it.each([
    [0, 'now'],
    [30_000, 'now'],
    [-59_000, 'now'],
    [minute, 'in 1 minute'],
    [-minute, '1 minute ago'],
    [5 * minute, 'in 5 minutes'],
    [-59 * minute, '59 minutes ago'],
    [hour, 'in 1 hour'],
    [-3 * hour - 20 * minute, '3 hours ago'],
    [23 * hour + 59 * minute, 'in 23 hours'],
    [-day, '1 day ago'],
    [6 * day + 5 * hour, 'in 6 days'],
    [-40 * day, '40 days ago'],
  ])('%i ms from now reads %s', (offset, expected) => {
    expect(formatRelativeTime(at(offset), now)).toBe(expected);
  });

  it('accepts ISO strings', () => {
    expect(formatRelativeTime('2025-06-01T11:45:00Z', '2025-06-01T12:00:00Z')).toBe(
      '15 minutes ago',
    );
  });
});
