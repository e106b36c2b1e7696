/**
 * A cell's stored value as text. The displayed text would be wrong for us: a balance formatted
 * '£#,##0' shows 1245.5 as '£1,246', and a 12-digit phone in General format shows as
 * '4.47911E+11'. Numbers are cut to 15 significant digits, Excel's own precision, so a sum stored
 * as 1245.5000000000002 reads '1245.5' while a typed 12.345 stays '12.345' (and is refused by
 * the two-decimals rule); a number formatted as a date is its serial number.
 */
export function cellText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    return Number.isFinite(value) ? String(Number(value.toPrecision(15))) : '';
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  // A cell typed as a date (t="d", rare in real files) rather than a formatted number.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  return '';
}
