import { parsePhoneNumberFromString as parseWithAllTypes } from 'libphonenumber-js/max';
import { parsePhoneNumberFromString as parseAsMobile } from 'libphonenumber-js/mobile';

export type ParsedPhone = { e164: string; kind: 'mobile' | 'landline' } | null;

/**
 * A phone number as typed in a spreadsheet (UK numbers with or without +44 or 0, spaces,
 * brackets) to E.164, with whether it can take WhatsApp and SMS: mobiles can; landlines, 03/08
 * numbers and the like are kept for the record only. Null when it is not a valid number.
 * Most numbers in an upload are mobiles, which the library's mobile-only metadata answers with
 * fewer patterns to try; anything else is classified with its full metadata.
 */
export function parsePhone(input: string): ParsedPhone {
  const mobile = parseAsMobile(input, 'GB');
  if (mobile?.isValid()) return { e164: mobile.number, kind: 'mobile' };
  const parsed = parseWithAllTypes(input, 'GB');
  if (!parsed?.isValid()) return null;
  const type = parsed.getType();
  // A plan that cannot tell the two apart (FIXED_LINE_OR_MOBILE, or no type) may be a mobile.
  const isMobile = type === undefined || type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
  return { e164: parsed.number, kind: isMobile ? 'mobile' : 'landline' };
}
