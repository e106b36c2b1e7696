import { createHash } from 'node:crypto';
import {
  type ColumnMapping,
  type ColumnsRead,
  READ_COLUMNS,
  REQUIRED_COLUMNS,
  type RequiredColumn,
  TEMPLATE_COLUMNS,
  type UploadColumn,
} from '../../../shared/upload.js';
import { COLUMN_ALIASES, headingKey } from '../../../shared/upload-headings.js';

/**
 * Where each column is in the file's rows: one cell, or for a name or an address kept in parts
 * (Title, Forename, Surname; Address Line 1, Address Line 2, Town, Postcode) the parts' cells,
 * joined in that order (validate-rows.ts: a name's with spaces, an address's with commas).
 */
export type Columns = Map<UploadColumn, readonly number[]>;

/** Required columns found neither by name nor by the clerk's mapping, with the file's headings. */
export interface MissingColumns {
  missing: RequiredColumn[];
  headings: string[];
  /** The headings that could each be the balance, when there are several: the clerk chooses. */
  balanceChoices?: string[];
  /** The only heading for the name, whose cells are codes ('T0123'): the clerk chooses. */
  codesNotNames?: string;
  /** The first row's cell under each of `headings`, to recognise a column by what it holds. */
  examples?: string[];
}

const BALANCE: RequiredColumn = 'Balance Due (£)';
const BALANCE_KEYS = new Set(COLUMN_ALIASES[BALANCE].map(headingKey));

/** A mapping that names a heading the file does not have: the clerk's choice no longer fits. */
export class MappingMismatchError extends Error {}

/**
 * Finds each column in the header row (issue 31): first the clerk's mapping, then the template's
 * heading and its aliases (COLUMN_ALIASES), compared by letters and digits only, then (when
 * `joinParts`) a name or an address kept in parts. A heading holds one column at most, so 'Name'
 * cannot be both the tenant and something else. `withFlats` false reads an address as uploads
 * did before a flat was joined to its building and street (formerAddressOf).
 */
export function matchColumns(
  header: readonly string[],
  mapping?: ColumnMapping | null,
  joinParts = true,
  withFlats = true,
): Columns | MissingColumns {
  const columns: Columns = new Map();
  const used = new Set<number>();
  const keys = header.map(headingKey);
  for (const [column, heading] of Object.entries(mapping ?? {}) as [UploadColumn, string][]) {
    const key = headingKey(heading);
    const index = header.findIndex(
      (cell, at) =>
        !used.has(at) && (cell.trim() === heading.trim() || (key !== '' && keys[at] === key)),
    );
    if (index < 0) {
      throw new MappingMismatchError(
        `The column mapping chooses the heading "${heading}" for ${column}, but the file has no such heading.`,
      );
    }
    columns.set(column, [index]);
    used.add(index);
  }
  for (const column of READ_COLUMNS) {
    if (columns.has(column)) continue;
    for (const alias of COLUMN_ALIASES[column]) {
      const key = headingKey(alias);
      const index = keys.findIndex((cell, at) => cell === key && !used.has(at));
      if (index < 0) continue;
      columns.set(column, [index]);
      used.add(index);
      break;
    }
  }
  // 'Balance' beside 'Arrears' or 'Amount Due': which is the amount to collect is the clerk's to
  // say (once: the choice is remembered), never ours to guess.
  const balanceChoices = mapping?.[BALANCE] ? [] : balanceChoicesOf(header, keys, used, columns);
  if (balanceChoices.length > 0) {
    used.delete(columns.get(BALANCE)![0]!);
    columns.delete(BALANCE);
  }
  // Only when no heading is the name or the address, so a file that already had one keeps
  // reading it as it did: a changed name or address would not find its account again.
  if (joinParts && !columns.has('Tenant Name')) {
    const nameParts = namePartsOf(keys, used);
    if (nameParts) columns.set('Tenant Name', nameParts);
  }
  // 'Flat' or 'Unit' found for the address is the flat alone; with the file's building and street
  // beside it, it is the first of the address's parts (whether or not `joinParts`: no mapping
  // is asked for a file with an address). Never so when the clerk mapped it.
  const address = columns.get('Property Address');
  const mayJoinFlat = withFlats && !mapping?.['Property Address'] && address?.length === 1;
  const flat = mayJoinFlat && FLAT.test(keys[address[0]!]!) ? address[0] : undefined;
  if ((joinParts && !address) || flat !== undefined) {
    const addressParts = addressPartsOf(keys, used, withFlats, flat);
    if (addressParts) columns.set('Property Address', addressParts);
  } else if (mayJoinFlat) {
    // 'Flat' beside an 'Address' or 'Property' that names the building: the flat goes first
    // (textOf leaves it out of a row whose address already begins with it). Not 'Unit', which
    // beside a whole address is often the agent's unit code.
    const flatBeside = keys.findIndex((key, at) => !used.has(at) && FLAT_BESIDE.test(key));
    if (flatBeside !== -1) columns.set('Property Address', [flatBeside, address[0]!]);
  }
  // A flat or unit alone beside another address ('Correspondence Address', where an absent
  // leaseholder lives): which one is the property is the clerk's to say, not a bare '12'.
  const read = columns.get('Property Address');
  if (
    withFlats &&
    !mapping?.['Property Address'] &&
    read?.length === 1 &&
    FLAT.test(keys[read[0]!]!) &&
    keys.some((key, at) => !used.has(at) && key.includes('address'))
  ) {
    columns.delete('Property Address');
  }
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.has(column));
  if (missing.length === 0) return columns;
  const headings = header.map((cell) => cell.trim()).filter((cell) => cell !== '');
  return balanceChoices.length > 0 ? { missing, headings, balanceChoices } : { missing, headings };
}

/**
 * The headings read as the balance by their names, when there are two or more different ones
 * (the first ten: a choice, not a list); else none. A heading repeated word for word is one
 * choice, and the first of its columns is read, as a mapping to it reads.
 */
function balanceChoicesOf(
  header: readonly string[],
  keys: readonly string[],
  used: ReadonlySet<number>,
  columns: Columns,
): string[] {
  const found = columns.get(BALANCE)?.[0];
  if (found === undefined) return [];
  const others = keys.flatMap((key, at) =>
    at !== found && !used.has(at) && BALANCE_KEYS.has(key) ? [header[at]!.trim()] : [],
  );
  const choices = [...new Set([header[found]!.trim(), ...others])];
  return choices.length < 2 ? [] : choices.slice(0, 10);
}

/** A name's parts in the order they are written, each perhaps headed 'Tenant …' or 'Lessee …'. */
const NAME_PARTS = [
  /^(?:tenant|leaseholder|lessee)?(?:title|salutation)$/,
  /^(?:tenant|leaseholder|lessee)?(?:first|given|christian|fore)names?$/,
  /^(?:tenant|leaseholder|lessee)?middlenames?$/,
  /^(?:tenant|leaseholder|lessee)?(?:last|family|sur)names?$/,
];

/**
 * The cells of a name kept in parts: title, forename, middle name and surname in that order,
 * whatever the file's order; none without a surname and a title or forename.
 */
function namePartsOf(keys: readonly string[], used: ReadonlySet<number>): number[] | null {
  const parts = NAME_PARTS.map((part) =>
    keys.findIndex((key, at) => !used.has(at) && part.test(key)),
  );
  const [title, forename, , surname] = parts;
  if (surname === -1 || (title === -1 && forename === -1)) return null;
  return parts.filter((at) => at !== -1);
}

/** Numbered address lines ('Address 1', 'Address Line 2', 'Addr3'), then town and postcode. */
const ADDRESS_LINE = /^(?:property)?addr(?:ess)?(?:line)?\d$/;
const ADDRESS_END = /^(?:town|city|county|post(?:al)?code)$/;
/** A flat in a column of its own ('Flat', 'Flat No', 'Unit Number'), and its building or street. */
const FLAT = /^(?:flat|unit|apartment|apt)(?:no|number|num|ref)?$/;
const FLAT_BESIDE = /^(?:flat|apartment|apt)(?:no|number|num)?$/;
/** 'Block', 'Building Name', 'Scheme', 'Street Address', and two at once ('Block & Street'). */
const PLACE = '(?:block|building|house|development|estate|scheme|site|street|road)(?:name)?';
const BUILDING = new RegExp(`^${PLACE}(?:and)?(?:${PLACE})?(?:address)?$`);

/**
 * The cells of an address kept in parts: the flat first (`flat`, else a heading such as 'Flat
 * No'), then building, street, lines, town and postcode in the file's order. None without a
 * numbered line, or a flat with its building or street. Without `withFlats`, lines, town and
 * postcode only, as uploads read them before.
 */
function addressPartsOf(
  keys: readonly string[],
  used: ReadonlySet<number>,
  withFlats: boolean,
  flat = withFlats ? keys.findIndex((key, at) => !used.has(at) && FLAT.test(key)) : -1,
): number[] | null {
  const isPart = (key: string) =>
    ADDRESS_LINE.test(key) || ADDRESS_END.test(key) || (withFlats && BUILDING.test(key));
  const rest = keys.flatMap((key, at) => (!used.has(at) && isPart(key) ? [at] : []));
  const hasLine = rest.some((at) => ADDRESS_LINE.test(keys[at]!));
  const hasBuilding = flat !== -1 && rest.some((at) => BUILDING.test(keys[at]!));
  if (!hasLine && !hasBuilding) return null;
  return flat === -1 ? rest : [flat, ...rest];
}

/**
 * 'Flat', 'Unit' or 'Apartment' when the address begins with a flat joined from a column of its
 * own, so that a bare '12' there reads 'Flat 12'; else null.
 */
export function flatWordOf(header: readonly string[], columns: Columns): string | null {
  const parts = columns.get('Property Address');
  if (!parts || parts.length < 2) return null;
  const key = headingKey(header[parts[0]!] ?? '');
  if (!FLAT.test(key)) return null;
  return key.startsWith('flat') ? 'Flat' : key.startsWith('unit') ? 'Unit' : 'Apartment';
}

/**
 * The address's cells as uploads read them before a flat was joined to its building and street,
 * or before a flat alone beside another address was asked about, when that differs. Accounts
 * made then are keyed on it, so a row that finds none by its address looks by this one
 * (reconcile-rows.ts) rather than demanding the balance a second time.
 */
export function formerAddressOf(
  header: readonly string[],
  mapping: ColumnMapping | null | undefined,
  joinParts: boolean,
  columns: Columns,
): readonly number[] | null {
  const { 'Property Address': _asked, ...unasked } = mapping ?? {};
  const before = matchColumns(header, unasked, joinParts, false);
  const was = before instanceof Map ? before.get('Property Address') : undefined;
  const now = columns.get('Property Address');
  return was && now && was.join() !== now.join() ? was : null;
}

/**
 * Which headings each column was read from, in the template's order, and the ones left unread;
 * the columns the clerk chose (`mapping`), with the layout their choice is remembered under.
 */
export function columnsReadOf(
  header: readonly string[],
  columns: Columns,
  mapping: ColumnMapping | null,
): ColumnsRead {
  const heading = (at: number) => (header[at] ?? '').trim();
  const read = READ_COLUMNS.flatMap((column) => {
    const at = columns.get(column);
    return at ? [{ column, headings: at.map(heading) }] : [];
  });
  const used = new Set([...columns.values()].flat());
  const unread = header.flatMap((_, at) =>
    used.has(at) || heading(at) === '' ? [] : [heading(at)],
  );
  const chosen = TEMPLATE_COLUMNS.filter((column) => mapping?.[column] !== undefined);
  return chosen.length > 0
    ? { read, unread, chosen, layout: layoutKeyOf(header) }
    : { read, unread };
}

/**
 * The spec-era refusal for a file without its columns, naming each one missing; and, for a
 * balance that more than one heading could be or a name column of codes, the choice to make.
 */
export function missingColumnsMessage({
  missing,
  balanceChoices,
  codesNotNames,
}: MissingColumns): string {
  const absent = missing.filter(
    (column) =>
      !(balanceChoices && column === BALANCE) && !(codesNotNames && column === 'Tenant Name'),
  );
  const messages = [];
  if (codesNotNames) {
    messages.push(
      `“${codesNotNames}” holds codes, not names: choose the column with the leaseholders’ names.`,
    );
  }
  if (absent.length > 0) {
    messages.push(
      `Missing required column${absent.length > 1 ? 's' : ''}: ${absent.join(', ')}. Download the template to see the expected columns.`,
    );
  }
  if (balanceChoices) {
    const quoted = balanceChoices.map((heading) => `“${heading}”`);
    messages.push(
      `More than one column could be the balance (${quoted.join(', ')}): choose the one that holds the amount to collect.`,
    );
  }
  return messages.join(' ');
}

/** The layout a clerk's column choices are remembered for: its header row's key, hashed. */
export function layoutKeyOf(headings: readonly string[]): string {
  return createHash('sha256').update(headerRowKey(headings)).digest('hex');
}

/** What a header row is remembered by: its headings' letters and digits, in order. */
export function headerRowKey(headings: readonly string[]): string {
  return headings
    .map(headingKey)
    .filter((key) => key !== '')
    .join('|');
}
