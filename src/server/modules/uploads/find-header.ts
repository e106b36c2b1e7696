import {
  type ColumnMapping,
  HEADER_SEARCH_ROWS,
  REQUIRED_COLUMNS,
  UPLOAD_MAX_ROWS,
} from '../../../shared/upload.js';
import { COLUMN_ALIASES, headingKey } from '../../../shared/upload-headings.js';
import {
  type Columns,
  formerAddressOf,
  MappingMismatchError,
  type MissingColumns,
  matchColumns,
} from './match-columns.js';

/** The headings read as the name when nothing else says which column it is. */
const NAME_HEADINGS = new Set(COLUMN_ALIASES['Tenant Name'].map(headingKey));

export const NO_HEADER_MESSAGE = 'The file is empty: it has no header row.';
const TOO_MANY_ROWS_MESSAGE = `The file has more than ${UPLOAD_MAX_ROWS.toLocaleString('en-GB')} tenants. Split it into smaller files.`;

/** The file's header row (its index in the rows) and where each column is in it. */
export interface Header {
  index: number;
  columns: Columns;
  /** The address's cells as earlier uploads read them, when they differ (formerAddressOf). */
  formerAddress: readonly number[] | null;
}

/**
 * What is wrong with the file as a whole (no header, more tenants than one upload may hold), the
 * required columns it lacks even by alias and mapping, or else its header. The header is the
 * first of the top HEADER_SEARCH_ROWS rows in which every required column is found, so a title
 * or a date above the headings is passed over. When no row has them all, the columns are asked
 * of the first row that could hold them (as many filled cells as there are required columns),
 * else of the first row with anything in it: its headings are what the clerk maps from.
 */
export function findHeader(
  rows: readonly (readonly string[])[],
  mapping?: ColumnMapping | null,
  joinParts = true,
): Header | MissingColumns | string {
  const top = rows.slice(0, HEADER_SEARCH_ROWS);
  let index = top.findIndex(
    (cells) => !isBlank(cells) && hasEveryColumn(cells, mapping, joinParts),
  );
  if (index < 0) index = top.findIndex((cells) => filledCells(cells) >= REQUIRED_COLUMNS.length);
  if (index < 0) index = top.findIndex((cells) => !isBlank(cells));
  if (index < 0) return NO_HEADER_MESSAGE;
  let header = rows[index]!;
  let columns = matchColumns(header, mapping, joinParts);
  if (!(columns instanceof Map)) return { ...columns, examples: examplesOf(rows, index) };
  // 'Tenant' holding the agent's codes beside 'Name': greeting "Dear T0123" is never right. Read
  // the name from another heading, or from its parts, when there is one (every other column was
  // found already, so joining parts here can change only the name), and the codes as the
  // reference when there is none: an account found by name and address is given it. With no
  // other, the clerk is asked. A heading that says "name" is taken at its word.
  const name = columns.get('Tenant Name');
  if (
    !mapping?.['Tenant Name'] &&
    name?.length === 1 &&
    !/name/i.test(header[name[0]!]!) &&
    holdsCodes(rows, index, name[0]!)
  ) {
    const withoutCodes = header.map((heading, at) => (at === name[0] ? '' : heading));
    const instead = matchColumns(withoutCodes, mapping, true);
    if (!(instead instanceof Map)) {
      // No other heading for the name: the clerk says which column holds it (once, remembered).
      const headings = header.map((cell) => cell.trim()).filter((cell) => cell !== '');
      const codesNotNames = header[name[0]!]!.trim();
      const examples = examplesOf(rows, index);
      return { missing: ['Tenant Name'], headings, examples, codesNotNames };
    }
    if (!instead.has('Account Reference')) instead.set('Account Reference', name);
    [header, columns] = [withoutCodes, instead];
  } else if (mapping?.['Tenant Name'] && !columns.has('Account Reference')) {
    // The clerk chose the name over a 'Tenant' of codes: the codes are still the reference.
    const taken = new Set([...columns.values()].flat());
    const codes = header.findIndex(
      (heading, at) =>
        !taken.has(at) &&
        NAME_HEADINGS.has(headingKey(heading)) &&
        !/name/i.test(heading) &&
        holdsCodes(rows, index, at),
    );
    if (codes !== -1) columns.set('Account Reference', [codes]);
  }
  let tenants = 0;
  for (let at = index + 1; at < rows.length; at += 1) if (!isBlank(rows[at]!)) tenants += 1;
  if (tenants > UPLOAD_MAX_ROWS) return TOO_MANY_ROWS_MESSAGE;
  return {
    index,
    columns,
    formerAddress: formerAddressOf(header, mapping, joinParts, columns),
  };
}

/** Rows sampled to tell a column of codes from one of names. */
const CODE_SAMPLE_ROWS = 20;

/**
 * Whether most of the first filled cells in a column are codes ('T0123', 'RIV/003', '10023'): one
 * word with a digit in it, as no leaseholder's name is.
 */
function holdsCodes(rows: readonly (readonly string[])[], index: number, column: number): boolean {
  const cells: string[] = [];
  for (let at = index + 1; at < rows.length && cells.length < CODE_SAMPLE_ROWS; at += 1) {
    const cell = rows[at]![column]?.trim() ?? '';
    if (cell !== '') cells.push(cell);
  }
  const codes = cells.filter((cell) => /^\S+$/.test(cell) && /\d/.test(cell)).length;
  return codes > 0 && codes * 2 >= cells.length;
}

/** The first row under the header with anything in it, a cell per non-empty heading, cut short. */
function examplesOf(rows: readonly (readonly string[])[], index: number): string[] {
  const header = rows[index]!;
  let first: readonly string[] = [];
  for (let at = index + 1; at < rows.length && first.length === 0; at += 1) {
    if (!isBlank(rows[at]!)) first = rows[at]!;
  }
  return header.flatMap((heading, at) =>
    heading.trim() === '' ? [] : [(first[at] ?? '').trim().slice(0, 40)],
  );
}

function hasEveryColumn(
  cells: readonly string[],
  mapping: ColumnMapping | null | undefined,
  joinParts: boolean,
): boolean {
  try {
    return matchColumns(cells, mapping, joinParts) instanceof Map;
  } catch (error) {
    // The mapping names a heading this row lacks: it is not the header row.
    if (error instanceof MappingMismatchError) return false;
    throw error;
  }
}

function filledCells(cells: readonly string[]): number {
  return cells.filter((cell) => cell.trim() !== '').length;
}

export function isBlank(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

/** The sheet a workbook's list is on, and its header. */
export interface SheetHeader<S> {
  sheet: S;
  header: Header;
}

/**
 * The sheet the list is on (findHeader on each, in the workbook's order): the first in which
 * every required column is found, so a summary or notes sheet in front of the list is passed
 * over. When none has them all, the missing columns of the sheet that lacks fewest, whose
 * headings the clerk maps from; else a mapping that names a heading no sheet has is refused.
 * A CSV file is one sheet, read as findHeader reads it.
 */
export function findSheet<S extends { rows: readonly (readonly string[])[] }>(
  sheets: readonly S[],
  mapping?: ColumnMapping | null,
  joinParts = true,
): SheetHeader<S> | (MissingColumns & { sheet: S }) | string {
  let closest: (MissingColumns & { sheet: S }) | undefined;
  let mismatch: MappingMismatchError | undefined;
  for (const sheet of sheets) {
    let found: Header | MissingColumns | string;
    try {
      found = findHeader(sheet.rows, mapping, joinParts);
    } catch (error) {
      if (!(error instanceof MappingMismatchError)) throw error;
      mismatch ??= error;
      continue;
    }
    if (found === NO_HEADER_MESSAGE) continue;
    if (typeof found === 'string') return found;
    if ('missing' in found) {
      if (!closest || found.missing.length < closest.missing.length) closest = { ...found, sheet };
      continue;
    }
    return { sheet, header: found };
  }
  if (closest) return closest;
  if (mismatch) throw mismatch;
  return NO_HEADER_MESSAGE;
}
