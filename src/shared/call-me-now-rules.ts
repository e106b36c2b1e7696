/**
 * Call Me Now rules without zod: the landing page runs them directly and the server's zod schema
 * (call-me-now.ts) wraps the very same function, so one set of rules and messages serves both
 * sides while zod stays out of the landing page's bundle (docs/decisions/0001).
 */

/**
 * Valid UK numbers start with one of these once +44 / 0044 has been turned back into a leading 0
 * (the hint on the landing page, spec section 2). 01/02/03 are geographic and non-geographic
 * landlines, 075/077/078/079 the mobile ranges a caller can be rung back on.
 */
export const UK_CALLBACK_PREFIXES = ['01', '02', '03', '075', '077', '078', '079'] as const;

export const CALL_ME_NOW_HINT = 'Valid UK numbers start with 01, 02, 03, 075, 077, 078 or 079.';

/** Spec section 8: the one message for any failure that is not the visitor's to fix. */
export const CALL_ME_NOW_ERROR_MESSAGE =
  'Sorry, there was an error processing your request. Please try again.';

export const NOT_A_UK_NUMBER_MESSAGE =
  'Please enter a UK number starting with 01, 02, 03, 075, 077, 078 or 079';

/** Strips the characters people type for readability and turns +44 / 0044 into a leading 0. */
export function toNationalUkNumber(input: string): string {
  const digits = input.replace(/[\s\-()]/g, '');
  if (digits.startsWith('+44')) return `0${digits.slice(3).replace(/^0/, '')}`;
  if (digits.startsWith('0044')) return `0${digits.slice(4).replace(/^0/, '')}`;
  return digits;
}

/** A national UK number (leading 0, 10 or 11 digits) in a callback range, or null. */
export function parseUkCallbackNumber(input: string): { national: string; e164: string } | null {
  const national = toNationalUkNumber(input.trim());
  if (!/^0\d{9,10}$/.test(national)) return null;
  if (!UK_CALLBACK_PREFIXES.some((prefix) => national.startsWith(prefix))) return null;
  // Mobiles (07…) are always 11 digits; so are 01/02/03 numbers apart from a few old 10-digit
  // 01 area codes, which is why 10 digits is allowed only there.
  if (national.length === 10 && !national.startsWith('01')) return null;
  return { national, e164: `+44${national.slice(1)}` };
}

const digitCount = (value: string) => value.replace(/\D/g, '').length;

/**
 * Spec section 5: the messages and their order are the contract, so the first rule broken is
 * the one reported. The length rules count digits, as their messages say, so
 * "+44 (0)20 7946 0123" is not refused for its spaces and brackets.
 */
export function findPhoneNumberProblem(input: unknown): string | undefined {
  if (input === undefined || input === null) return 'Phone number is required';
  if (typeof input !== 'string') return 'Please enter a valid phone number';
  const value = input.trim();
  if (value === '') return 'Phone number is required';
  if (!/^[0-9\s\-+()]+$/.test(value)) return 'Please enter a valid phone number';
  if (digitCount(value) < 8) return 'Phone number must be at least 8 digits';
  if (digitCount(value) > 15) return 'Phone number must be no more than 15 digits';
  if (parseUkCallbackNumber(value) === null) return NOT_A_UK_NUMBER_MESSAGE;
  return undefined;
}
