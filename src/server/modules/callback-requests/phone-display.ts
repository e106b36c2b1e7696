import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * UK national format for people ('07700 900123', '020 7946 0123', '0113 496 0123'): the grouping
 * depends on the area code, which libphonenumber knows and a hand-written rule would not. A
 * number from abroad keeps its country code ('+33 6 12 34 56 78'): its national form would read
 * as a UK number.
 */
export function formatPhoneForDisplay(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.countryCallingCode === '44'
    ? parsed.formatNational()
    : parsed.formatInternational();
}
