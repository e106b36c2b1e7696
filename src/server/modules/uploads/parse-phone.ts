import type { CountryCallingCode, NationalNumber } from 'libphonenumber-js/core';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { classifyPhoneNumber, countryOfNationalNumber } from './phone-number-type.js';

export type ParsedPhone = { e164: string; kind: 'mobile' | 'landline' } | null;

/**
 * A phone number as typed in a spreadsheet (UK numbers with or without +44 or 0, spaces,
 * brackets) to E.164, with whether it can take WhatsApp and SMS: mobiles can; landlines, 03/08
 * numbers and the like are kept for the record only. Null when it is not a valid number.
 * (The full metadata is needed to tell mobiles from landlines. Validity and type are worked out
 * by classifyPhoneNumber, the library's own rules with compiled patterns cached, in place of
 * isValid() and getType(), which compile ~10 regular expressions each per call; what is left is
 * the library's parsing, ~25 µs a number.)
 */
export function parsePhone(input: string): ParsedPhone {
  const fast = parseUkNumber(input);
  if (fast) return fast;
  const parsed = parsePhoneNumberFromString(input, 'GB');
  if (!parsed) return null;
  const { valid, type } = classifyPhoneNumber(parsed);
  if (!valid) return null;
  const isMobile = type === undefined || type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
  return { e164: parsed.number, kind: isMobile ? 'mobile' : 'landline' };
}

/** The countries of +44, in the library's metadata order (GB first: it wins any overlap). */
const UK_CALLING_CODE_COUNTRIES = ['GB', 'GG', 'IM', 'JE'] as const;

/**
 * The way nearly every number in a UK arrears spreadsheet is written: a national number of 10
 * digits after 0, +44 or 0044, with spaces, brackets, dots or dashes between the digits.
 * National numbers starting 180020 are left to the library (180020 is also a prefix it strips).
 */
const UK_WRITTEN = /^(?:\+44|0044|0)([1-9]\d{9})$/;
const PUNCTUATION = /[ \u00a0().-]/g;

/**
 * parsePhone's answer for a plainly written UK number, without the library's parser (~40 µs a
 * number, most of it regular expressions compiled on every call; this is ~1 µs). It resolves
 * the country as the library does (getCountryByCallingCode) and answers only when one of +44's
 * countries claims the number; anything else, valid or not, goes to the library, so the result
 * is always the library's (parse-phone.test.ts compares them on thousands of generated numbers).
 */
function parseUkNumber(input: string): ParsedPhone {
  const nationalNumber = UK_WRITTEN.exec(input.replace(PUNCTUATION, ''))?.[1];
  if (!nationalNumber || nationalNumber.startsWith('180020')) return null;
  const country = countryOfNationalNumber(nationalNumber, UK_CALLING_CODE_COUNTRIES);
  if (!country) return null;
  const { valid, type } = classifyPhoneNumber({
    country,
    countryCallingCode: '44' as CountryCallingCode,
    nationalNumber: nationalNumber as NationalNumber,
  });
  if (!valid) return null;
  const isMobile = type === undefined || type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
  return { e164: `+44${nationalNumber}`, kind: isMobile ? 'mobile' : 'landline' };
}
