import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export type ParsedPhone = { e164: string; kind: 'mobile' | 'landline' } | null;

/**
 * A phone number as typed in a spreadsheet (UK numbers with or without +44 or 0, spaces,
 * brackets) to E.164, with whether it can take WhatsApp and SMS: mobiles can; landlines, 03/08
 * numbers and the like are kept for the record only. Null when it is not a valid number.
 * (The full metadata is needed to tell mobiles from landlines; it costs ~80 µs a number.)
 */
export function parsePhone(input: string): ParsedPhone {
  const parsed = parsePhoneNumberFromString(input, 'GB');
  if (!parsed?.isValid()) return null;
  const type = parsed.getType();
  const isMobile = type === undefined || type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
  return { e164: parsed.number, kind: isMobile ? 'mobile' : 'landline' };
}
