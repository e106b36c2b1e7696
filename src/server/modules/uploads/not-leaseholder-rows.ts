import type { UploadColumn } from '../../../shared/upload.js';

const TOTALS_ROW_NOTE = 'A totals row, not a leaseholder: left out';
const HEADING_ROW_NOTE = 'A heading row, not a leaseholder: left out';
const HEADER_AGAIN_NOTE = 'The column headings again, not a leaseholder: left out';

/**
 * What a report puts among its leaseholders, said as a note and left out rather than refused as
 * a leaseholder with no name or balance: a totals or subtotal row, a heading over a block's rows
 * ('Riverside Court', one cell and no balance), and the column headings repeated where a printed
 * report's pages broke. Null for any other row.
 */
export function notLeaseholderNote(
  cells: readonly string[],
  cell: (column: UploadColumn) => string,
  header: readonly string[],
): string | null {
  if (isTotalsRow(cells, cell)) return TOTALS_ROW_NOTE;
  if (cell('Balance Due (£)') === '' && cells.filter((text) => text.trim() !== '').length === 1) {
    return HEADING_ROW_NOTE;
  }
  const isHeader = header.every((heading, at) => heading.trim() === (cells[at] ?? '').trim());
  return isHeader ? HEADER_AGAIN_NOTE : null;
}

const TOTAL_WORD = /^(?:grand|sub)?totals?(?:arrears|balance|due|outstanding|owed|owing)?$/;
const isTotal = (text: string) => TOTAL_WORD.test(text.toLowerCase().replace(/[\s:-]+/g, ''));
/** A block's subtotal as reports label it: 'Riverside Court total', 'Total for Mill House'. */
const SUBTOTAL = /^(?:(?:grand|sub)[\s-]*)?totals?\b|\b(?:sub)?totals?:?$/i;
const isSubtotal = (text: string) => text.length <= 100 && SUBTOTAL.test(text.trim());

/**
 * 'Total' ('Totals', 'Grand total', 'Subtotal', 'Total arrears') for the name and no address, or
 * the reverse; or no name and no address, with the word in any cell, first or last, as a report
 * puts it beside the figure it sums ('Riverside Court total').
 */
function isTotalsRow(cells: readonly string[], cell: (column: UploadColumn) => string): boolean {
  const name = cell('Tenant Name');
  const address = cell('Property Address');
  if (isTotal(name)) return address === '';
  if (isTotal(address)) return name === '';
  return name === '' && address === '' && cells.some(isSubtotal);
}
