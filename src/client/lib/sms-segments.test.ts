import { describe, expect, it } from 'vitest';
import { describeSmsSize, smsSize } from './sms-segments';

describe('SMS size', () => {
  it('counts GSM-7 parts: 160 in one, 153 a part beyond', () => {
    expect(smsSize('a'.repeat(160))).toMatchObject({ segments: 1, encoding: 'GSM-7' });
    expect(smsSize('a'.repeat(161))).toMatchObject({ segments: 2, encoding: 'GSM-7' });
    expect(smsSize('a'.repeat(307))).toMatchObject({ segments: 3 });
    // '£' is in the GSM alphabet: a UK balance does not cost more.
    expect(smsSize('£1,245.50 is due')).toMatchObject({ segments: 1, encoding: 'GSM-7' });
  });

  it('counts UCS-2 parts when a character needs it: 70 in one, 67 a part beyond', () => {
    expect(smsSize(`${'a'.repeat(69)}—`)).toMatchObject({
      segments: 1,
      encoding: 'UCS-2',
      nonGsmCharacters: ['—'],
    });
    expect(smsSize(`${'a'.repeat(70)}—`)).toMatchObject({ segments: 2 });
    expect(describeSmsSize(smsSize(`${'a'.repeat(70)}’`))).toBe(
      '71 characters · 2 SMS parts (UCS-2 because of ’)',
    );
    expect(describeSmsSize(smsSize('Pay now'))).toBe('7 characters · 1 SMS part (GSM-7)');
  });
});
