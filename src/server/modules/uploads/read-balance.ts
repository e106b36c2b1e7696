import { parsePounds } from '../../../shared/money.js';

/** The largest balance one link may ask for: £1,000,000.00. A bigger figure is a typo. */
const MAX_PENCE = 100_000_000;

/**
 * The balance in pence, at most MAX_PENCE, or what is wrong with it. Zero ('0', '-', 'Nil') and
 * credits ('-5', '(5)' as accountants write them, '5.00-' or '5.00 Cr' as ledgers export them,
 * where owed is '5.00 Dr') are read: they settle a known account, and pass over a leaseholder not
 * on file.
 */
export function checkBalance(text: string): number | string {
  if (text === '') return 'Balance Due (£) is required';
  const notAmount = `Balance Due (£) "${text}" is not an amount in pounds`;
  // A typographic minus or dash, as word processors and some reports write one.
  const signed = text.replace(/[\u2212\u2013]/g, '-');
  // Zero as an accounting format shows it ('£ -'), or as ledgers write it.
  if (/^(?:£|GBP)?\s*(?:-+|nil)$/i.test(signed)) return 0;
  // Found from the end and cut, not matched with the amount: spaces before it would backtrack.
  const side = /(dr|cr)\.?$/i.exec(signed);
  const amount = side ? signed.slice(0, side.index).trimEnd() : signed;
  const minus = /^(?:£|GBP|\s)*-|^\((.*)\)$|\d\s*-$/i.exec(amount);
  if (side && minus) return notAmount;
  const unsigned = minus
    ? amount
        .replace(/^((?:£|GBP|\s)*)-/i, '$1')
        .replace(/^\((.*)\)$/, '$1')
        .replace(/(\d)\s*-$/, '$1')
    : amount;
  const pence = parsePounds(unsigned);
  if (pence === null) return notAmount;
  if (pence > MAX_PENCE) return 'Balance Due (£) must be at most £1,000,000.00';
  const isCredit = side ? side[1]!.toLowerCase() === 'cr' : minus !== null;
  return isCredit ? -pence : pence;
}
