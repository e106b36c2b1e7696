/**
 * A CSV cell that opens safely in Excel: quoted, and a value that would start a formula
 * (= + - @, tab or carriage return; OWASP "CSV injection") is prefixed with an apostrophe so it
 * is shown as text.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvLine(cells: readonly (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
