import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * UK national format for people ('07700 900123', '020 7946 0123', '0113 496 0123'): the grouping
 * depends on the area code, which libphonenumber knows and a hand-written rule would not.
 */
export function formatPhoneForDisplay(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatNational() ?? e164;
}
