import { describe, expect, it } from 'vitest';
import { checkBalance } from './read-balance.js';

describe('checkBalance', () => {
  it('reads what is owed as ledgers and people write it', () => {
    expect(checkBalance('£1,245.50')).toBe(124_550);
    expect(checkBalance('1,245.50 Dr')).toBe(124_550);
    expect(checkBalance('GBP 12.00')).toBe(1_200);
    expect(checkBalance('£ 1 234.56')).toBe(123_456);
  });

  it('reads a credit however it is signed, a typographic minus and a trailing one included', () => {
    for (const text of [
      '-12.00',
      '£-12.00',
      '(12.00)',
      '12.00 CR',
      '12.00-',
      '£12.00 -',
      '−12.00',
      '–12.00',
    ]) {
      expect(checkBalance(text), text).toBe(-1_200);
    }
  });

  it('reads zero as accounting formats show it', () => {
    for (const text of ['0', '£0.00', '-', '£ -', '−', 'Nil'])
      expect(checkBalance(text), text).toBe(0);
  });

  it('refuses what is not an amount in pounds, quoting it as written', () => {
    expect(checkBalance('')).toBe('Balance Due (£) is required');
    expect(checkBalance('−5.00 Cr')).toBe('Balance Due (£) "−5.00 Cr" is not an amount in pounds');
    expect(checkBalance('12.345')).toBe('Balance Due (£) "12.345" is not an amount in pounds');
    expect(checkBalance('TBC')).toBe('Balance Due (£) "TBC" is not an amount in pounds');
    expect(checkBalance('£10,000,001')).toBe('Balance Due (£) must be at most £1,000,000.00');
  });
});
