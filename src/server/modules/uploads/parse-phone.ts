import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { classifyPhoneNumber } from './phone-number-type.js';

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
  const parsed = parsePhoneNumberFromString(input, 'GB');
  if (!parsed) return null;
  const { valid, type } = classifyPhoneNumber(parsed);
  if (!valid) return null;
  const isMobile = type === undefined || type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
  return { e164: parsed.number, kind: isMobile ? 'mobile' : 'landline' };
}
