import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('says day or days', () => {
    expect(plural(1, 'day')).toBe('1 day');
    expect(plural(7, 'day')).toBe('7 days');
    expect(plural(0, 'day')).toBe('0 days');
  });

  it('takes the plural of words that do not just add an s', () => {
    expect(plural(1, 'row needs', 'rows need')).toBe('1 row needs');
    expect(plural(2, 'row needs', 'rows need')).toBe('2 rows need');
  });

  it('groups the thousands of a large count', () => {
    expect(plural(621_008, 'leaseholder')).toBe('621,008 leaseholders');
  });
});
