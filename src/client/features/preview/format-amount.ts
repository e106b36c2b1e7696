import { decimalStringToPence, formatPence } from '../../../shared/money';

/**
 * A preview amount for display: pounds as a number or a decimal string ('1245.50', '£1,245.50')
 * become '£1,245.50'; anything else is shown as given rather than as a wrong number.
 */
export function formatAmount(amount: string | number): string {
  const text = String(amount).trim().replace(/^£\s*/, '').replaceAll(',', '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return String(amount);
  return formatPence(decimalStringToPence(text));
}
