/**
 * Control characters a spreadsheet cell may hold but no leaseholder's details should: NUL, which
 * PostgreSQL cannot store in text (SQLite can, so an upload would differ by engine), the other C0
 * controls but tab and line breaks, DEL and the C1 controls. A CSV can carry them as bytes and an
 * .xlsx as `&#0;` or `_x0000_`.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const ANY_CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** The note on a kept row, after the column's name. */
export const CLEANED_NOTE = 'control characters (such as NUL) were removed — check the value';

/** A cell that had control characters removed: its sheet row (the first row = 1) and column index. */
export interface CleanedCell {
  row: number;
  column: number;
}

/** Removes control characters from every cell, in place, and says which cells had any. */
export function removeControlCharacters(rows: string[][]): CleanedCell[] {
  const cleaned: CleanedCell[] = [];
  for (let index = 0; index < rows.length; index += 1) {
    const cells = rows[index]!;
    for (let column = 0; column < cells.length; column += 1) {
      const cell = cells[column]!;
      if (!ANY_CONTROL_CHARACTER.test(cell)) continue;
      cells[column] = cell.replace(CONTROL_CHARACTERS, '');
      cleaned.push({ row: index + 1, column });
    }
  }
  return cleaned;
}
