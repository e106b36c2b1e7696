// The one money formatter and the one pound parser: amounts are integer pence everywhere and
// become pounds only at the edge (ARCHITECTURE section 1), so there is no floating-point drift.

/**
 * 123450 → '£1,234.50' (spec section 9: pounds with 2 decimals and thousands separators).
 * Written out rather than through Intl.NumberFormat, whose first use makes a cold browser tab
 * load its locale data before the leaseholder's page can show the balance. Pence are integers,
 * so no rounding is needed.
 */
export function formatPence(pence: number): string {
  // '-1234567.50' → '-1,234,567.50' → '-£1,234,567.50'
  return penceToDecimalString(pence)
    .replace(/\B(?=(\d{3})+\.)/g, ',')
    .replace(/^-?/, '$&£');
}

/** 123450 → '1234.50': the spec's "decimal string" amount in API answers. */
export function penceToDecimalString(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const absolute = Math.abs(Math.trunc(pence));
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** Pounds with at most two decimals; commas only as thousands separators ('12,45' is not). */
const POUNDS = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * Pounds as staff type them or a spreadsheet holds them ('£1,234.50', '1234.5', '1,234', ' 89 ',
 * 'GBP 12', '12 GBP', the number 1234.5) to integer pence by string arithmetic, never through a
 * float. A number is taken to 15 significant digits, Excel's precision, so a sum stored as
 * 1245.5000000000002 is £1,245.50 while 12.345 has too many decimals. Null when it is not a
 * whole-pence amount of pounds, a negative one included; whether £0 will do is the caller's rule.
 */
export function parsePounds(amount: string | number): number | null {
  const text =
    typeof amount === 'number'
      ? String(Number(amount.toPrecision(15)))
      : amount.replace(/[£\s]/g, '').replace(/^GBP|GBP$/i, '');
  const match = POUNDS.exec(text);
  if (!match) return null;
  const pence =
    Number(match[1]!.replaceAll(',', '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(pence) ? pence : null;
}

/** '1234.50' or '-1.50' (the API's decimal string) → pence, read by parsePounds; NaN otherwise. */
export function decimalStringToPence(amount: string): number {
  const text = amount.trim();
  const pence = parsePounds(text.replace(/^-/, '')) ?? Number.NaN;
  return text.startsWith('-') ? -pence : pence;
}

/**
 * A balance as staff say it: what is owed in pounds, a credit as '£25.00 in credit' (never a
 * minus sign a clerk could miss), and nothing owed as 'Nothing owed'.
 */
export function balanceText(pence: number): string {
  if (pence < 0) return `${formatPence(-pence)} in credit`;
  if (pence === 0) return 'Nothing owed';
  return formatPence(pence);
}

/** The same inside a sentence: 'Balance now £1,000.00 owed', '… now nothing owed'. */
export function balanceSentence(pence: number): string {
  if (pence === 0) return 'nothing owed';
  return pence > 0 ? `${formatPence(pence)} owed` : balanceText(pence);
}
