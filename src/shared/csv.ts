// The one CSV cell escaper, for every CSV the portal writes (server reports and exports, client
// downloads). Dependency-free so the client bundle can take it.

export type CsvValue = string | number | null | undefined;

/** Excel runs a cell starting with one of these as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain minus amount ('-25.00', a credit or a refund) is a number to Excel, not a formula. */
const MINUS_NUMBER = /^-\d+(\.\d+)?$/;

/** The cell's text, with a leading apostrophe when Excel would otherwise run it as a formula. */
export function formulaSafe(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value);
  return FORMULA_START.test(text) && !MINUS_NUMBER.test(text) ? `'${text}` : text;
}

/** One cell, quoted (RFC 4180) and formula-safe. */
export function csvCell(value: CsvValue): string {
  return `"${formulaSafe(value).replaceAll('"', '""')}"`;
}

/** One line of cells, ending CRLF as Excel writes it. */
export function toCsvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** Put first, so Excel reads the file as UTF-8 and shows £ and accents. */
export const CSV_BOM = '\uFEFF';
