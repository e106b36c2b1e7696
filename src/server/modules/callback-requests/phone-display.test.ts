import { describe, expect, it } from 'vitest';
import { formatPhoneForDisplay } from './phone-display.js';

describe('formatPhoneForDisplay', () => {
  it('groups a UK number by its area code, in national form', () => {
    expect(formatPhoneForDisplay('+447700900123')).toBe('07700 900123');
    expect(formatPhoneForDisplay('+442079460123')).toBe('020 7946 0123');
    expect(formatPhoneForDisplay('+441134960123')).toBe('0113 496 0123');
    expect(formatPhoneForDisplay('+441534123456')).toBe('01534 123456');
  });

  it('keeps the country code of a number from abroad', () => {
    expect(formatPhoneForDisplay('+33612345678')).toBe('+33 6 12 34 56 78');
    expect(formatPhoneForDisplay('+353871234567')).toBe('+353 87 123 4567');
  });

  it('shows anything that is not E.164 as it is', () => {
    expect(formatPhoneForDisplay('07700 900123')).toBe('07700 900123');
    expect(formatPhoneForDisplay('+1')).toBe('+1');
  });
});
