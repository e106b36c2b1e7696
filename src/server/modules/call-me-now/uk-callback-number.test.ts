import { describe, expect, it } from 'vitest';
import { CallMeNowSchema } from '../../../shared/call-me-now.js';
import {
  NOT_A_UK_NUMBER_MESSAGE,
  parseUkCallbackNumber,
  toNationalUkNumber,
} from '../../../shared/call-me-now-rules.js';

describe('toNationalUkNumber', () => {
  it.each([
    ['+44 7700 900123', '07700900123'],
    ['0044 7700 900123', '07700900123'],
    ['+44 (0)20 7946 0123', '02079460123'],
    ['0044 (0) 20 7946 0123', '02079460123'],
    ['(020) 7946-0123', '02079460123'],
    ['07700-900-123', '07700900123'],
    ['07700\t900123', '07700900123'],
  ])('turns %j into %j', (input, national) => {
    expect(toNationalUkNumber(input)).toBe(national);
  });
});

describe('parseUkCallbackNumber', () => {
  it.each([
    ['07700 900123', '+447700900123'],
    ['+447700900123', '+447700900123'],
    ['0044 7700 900123', '+447700900123'],
    ['075 1234 5678', '+447512345678'],
    ['078 1234 5678', '+447812345678'],
    ['079 1234 5678', '+447912345678'],
    ['020 7946 0123', '+442079460123'],
    ['(0113) 496-0123', '+441134960123'],
    ['0300 123 4567', '+443001234567'],
    ['016977 2345', '+44169772345'],
    ['  +44 (0)1632 960123  ', '+441632960123'],
  ])('accepts %j as %s', (input, e164) => {
    expect(parseUkCallbackNumber(input)?.e164).toBe(e164);
  });

  it.each([
    ['07012 345678', 'personal numbering (070)'],
    ['07400 123456', 'a mobile range we do not ring back (074)'],
    ['07624 123456', 'Isle of Man mobiles (076)'],
    ['0800 123 4567', 'freephone (08)'],
    ['0909 123 4567', 'premium rate (09)'],
    ['0207 946 012', '10-digit number outside 01'],
    ['07700 90012', 'a 10-digit mobile'],
    ['077009001234', 'a 12-digit number'],
    ['+33 1 23 45 67 89', 'a French number'],
    ['447700900123', '44 without a plus or 00'],
  ])('refuses %j (%s)', (input) => {
    expect(parseUkCallbackNumber(input)).toBeNull();
  });
});

describe('CallMeNowSchema', () => {
  const firstMessage = (phoneNumber: unknown) => {
    const result = CallMeNowSchema.safeParse({ phoneNumber });
    return result.success ? null : result.error.issues.map((issue) => issue.message);
  };

  // Spec section 5: one message, the first rule broken, in the spec's order.
  it.each([
    [undefined, 'Phone number is required'],
    ['', 'Phone number is required'],
    ['   ', 'Phone number is required'],
    ['call me', 'Please enter a valid phone number'],
    ['0770090012a', 'Please enter a valid phone number'],
    [7700900123, 'Please enter a valid phone number'],
    ['0770 090', 'Phone number must be at least 8 digits'],
    ['1234567', 'Phone number must be at least 8 digits'],
    ['0123456789012345', 'Phone number must be no more than 15 digits'],
    ['0800 123 4567', NOT_A_UK_NUMBER_MESSAGE],
    ['12345678', NOT_A_UK_NUMBER_MESSAGE],
  ])('refuses %j with exactly %j', (input, message) => {
    expect(firstMessage(input)).toEqual([message]);
  });

  it('counts digits, not the spaces and brackets people type, against the 15 limit', () => {
    expect(firstMessage('+44 (0) 20 7946 0123')).toBeNull();
  });
});
