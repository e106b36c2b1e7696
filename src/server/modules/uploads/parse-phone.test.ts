import examples from 'libphonenumber-js/examples.mobile.json';
import {
  type CountryCode,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { parsePhone } from './parse-phone.js';

describe('parsePhone', () => {
  it('reads UK mobiles, landlines and rejects what is not a number', () => {
    expect(parsePhone('07911 123456')).toEqual({ e164: '+447911123456', kind: 'mobile' });
    expect(parsePhone('+44 (0)7911 123456')).toEqual({ e164: '+447911123456', kind: 'mobile' });
    expect(parsePhone('0044 7911 123456')).toEqual({ e164: '+447911123456', kind: 'mobile' });
    expect(parsePhone('020 7946 0123')).toEqual({ e164: '+442079460123', kind: 'landline' });
    expect(parsePhone('0161 496 0000')).toEqual({ e164: '+441614960000', kind: 'landline' });
    expect(parsePhone('0800 123 4567')).toEqual({ e164: '+448001234567', kind: 'landline' });
    expect(parsePhone('07911 12345')).toBeNull();
    expect(parsePhone('abc')).toBeNull();
    expect(parsePhone('')).toBeNull();
  });

  it('treats +44 islands and other countries by their own plans, and 03 and 070 as not mobiles', () => {
    expect(parsePhone('07624 123456')).toEqual({ e164: '+447624123456', kind: 'mobile' });
    expect(parsePhone('+353 87 123 4567')).toEqual({ e164: '+353871234567', kind: 'mobile' });
    // North America's plan does not tell mobiles from landlines: it may be a mobile.
    expect(parsePhone('+1 212 555 0123')).toEqual({ e164: '+12125550123', kind: 'mobile' });
    expect(parsePhone('0300 123 4567')).toEqual({ e164: '+443001234567', kind: 'landline' });
    expect(parsePhone('07011 123456')).toEqual({ e164: '+447011123456', kind: 'landline' });
  });

  it("answers as the full metadata's isValid() and getType() do, mobiles of every country included", () => {
    const inputs = Object.entries(examples).flatMap(([country, national]) => {
      const international = `+${getCountryCallingCode(country as CountryCode)}${national}`;
      // The example, one digit short, and with its last digits changed.
      return [international, international.slice(0, -1), `${international.slice(0, -3)}000`];
    });
    for (const input of inputs) {
      const full = parsePhoneNumberFromString(input, 'GB');
      const type = full?.isValid() ? full.getType() : null;
      const expected =
        type === null
          ? null
          : {
              e164: full!.number,
              kind: [undefined, 'MOBILE', 'FIXED_LINE_OR_MOBILE'].includes(type)
                ? 'mobile'
                : 'landline',
            };
      expect(parsePhone(input), input).toEqual(expected);
    }
  });
});
