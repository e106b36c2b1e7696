/** The largest balance one link may ask for: £1,000,000.00. A bigger figure is a typo. */
const MAX_PENCE = 100_000_000;

/**
 * A balance as staff type it or a spreadsheet shows it — '£1,234.50', '1234.5', '1,234', ' 89 '
 * — to integer pence, by string arithmetic (no floating point). Null when it is not a positive
 * amount of pounds with at most two decimals.
 */
export function parseBalance(input: string): { pence: number } | { error: string } {
  const text = input.replace(/[£\s]/g, '').replace(/^GBP/i, '');
  if (text === '') return { error: 'Balance Due (£) is required' };
  if (text.startsWith('-') || /^\(.*\)$/.test(text)) {
    return { error: 'Balance Due (£) must be more than £0.00' };
  }
  // Thousands separators only in their places: '1,234.50' yes, '1,2,3' no.
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return { error: `Balance Due (£) "${input.trim()}" is not an amount in pounds` };
  const pounds = Number(match[1]!.replaceAll(',', ''));
  const pence = pounds * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (pence <= 0) return { error: 'Balance Due (£) must be more than £0.00' };
  if (pence > MAX_PENCE) return { error: 'Balance Due (£) must be at most £1,000,000.00' };
  return { pence };
}
