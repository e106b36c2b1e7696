import { type E164Number, PhoneNumber } from 'libphonenumber-js';

/**
 * UK national format for people ('07700 900123', '020 7946 0123', '0113 496 0123'): the grouping
 * depends on the area code, which libphonenumber knows and a hand-written rule would not. A
 * number from abroad keeps its country code ('+33 6 12 34 56 78'): its national form would read
 * as a UK number. Stored numbers were checked when they came in, so the number is only formatted
 * here, not parsed and checked again: an export formats one for every row.
 */
export function formatPhoneForDisplay(e164: string): string {
  let number: PhoneNumber;
  try {
    number = new PhoneNumber(e164 as E164Number);
  } catch {
    return e164;
  }
  return number.countryCallingCode === '44'
    ? number.formatNational()
    : number.formatInternational();
}
