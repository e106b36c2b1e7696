import { describe, expect, it } from 'vitest';
import { headingKey } from './upload-headings.js';

describe('headingKey', () => {
  it('compares letters and digits alone, in any case and with any accents', () => {
    expect(headingKey('Balance Due (£)')).toBe('balancedue');
    expect(headingKey('  E-MAIL ')).toBe('email');
    expect(headingKey('Fflât')).toBe('fflat');
  });

  it('leaves out the date a report gives its figures', () => {
    for (const heading of [
      'Balance as at 31/10/2026',
      'Balance at 31.10.26',
      'Balance (31 Oct 2026)',
      'Balance as of 2026-10-31',
      'Balance 31st October',
      'Balance October 2026',
      'Balance - Oct-26',
    ]) {
      expect(headingKey(heading), heading).toBe('balance');
    }
    expect(headingKey('O/S Balance on 30 Nov')).toBe('osbalance');
  });

  it('keeps words that only look like a month at their end, and numbers that are no date', () => {
    expect(headingKey('Summary')).toBe('summary');
    expect(headingKey('Flat 12')).toBe('flat12');
    expect(headingKey('Address Line 2')).toBe('addressline2');
    expect(headingKey('Remainder')).toBe('remainder');
  });

  it('leaves a cell longer than any heading as it is', () => {
    const long = `${' '.repeat(30_000)}x 31/10/2026`;
    expect(headingKey(long)).toBe('x31102026');
  });
});
