// The one money formatter: amounts are integer pence everywhere and become pounds only at the
// edge (ARCHITECTURE section 1), so there is no floating-point drift in sums.

/**
 * 123450 → '£1,234.50' (spec section 9: pounds with 2 decimals and thousands separators).
 * Written out rather than through Intl.NumberFormat: a page's first Intl object makes the
 * browser load its ICU locale data, 40–70 ms of a cold tab on the leaseholder's page, which
 * formats nothing else through Intl. Pence are integers, so no rounding is needed.
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

/** '1234.50' → 123450: the inverse of penceToDecimalString, without going through a float. */
export function decimalStringToPence(amount: string): number {
  const [pounds = '0', pence = ''] = amount.trim().replace(/^-/, '').split('.');
  const value = Number(pounds) * 100 + Number(pence.padEnd(2, '0').slice(0, 2));
  return amount.trim().startsWith('-') ? -value : value;
}
