/**
 * The preview's amount in pence. Spec section 3 gives it as "a decimal string" of pounds, and the
 * upload page may pass it on as typed in the spreadsheet, so '1245.50', 1245.5 and '£1,245.50'
 * all mean 124550. Null when it is not an amount of pounds.
 */
export function parsePounds(amount: string | number): number | null {
  if (typeof amount === 'number') {
    return Number.isFinite(amount) && amount >= 0 ? Math.round(amount * 100) : null;
  }
  const text = amount.trim().replace(/^£\s*/, '');
  // Commas only as thousands separators: '1,245.50' yes, '12,45' no.
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const pounds = Number(match[1]!.replaceAll(',', ''));
  const pence = Number((match[2] ?? '').padEnd(2, '0'));
  return pounds * 100 + pence;
}
