/**
 * How an upload row finds its account (issue 29): by the agent's own Account Reference when the
 * row has one, otherwise by name and property address. Both compare case-, space- and
 * punctuation-insensitively, so "Flat 3, Riverside Court" matches "flat 3 riverside ct." only
 * if the words agree — abbreviations are the clerk's to keep consistent. A name's titles and
 * word order do not count (nameKey).
 */
function foldKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The key an Account Reference is matched on; null when the reference is blank. */
export function referenceKeyOf(reference: string | null | undefined): string | null {
  if (!reference) return null;
  const key = foldKey(reference);
  return key === '' ? null : key;
}

/** Honorifics, and the "and" of "Mr and Mrs", which ledgers add, drop or move about a name. */
const TITLES = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'dr',
  'prof',
  'rev',
  'sir',
  'dame',
  'and',
]);

/** A name's words, folded, split at spaces, commas and the like only. */
function wordsOf(name: string): string[] {
  return name
    .split(/[\s,;&/()]+/u)
    .map(foldKey)
    .filter(Boolean);
}

/**
 * A name's words, folded, without titles, in alphabetical order: "Mrs Margaret Hughes", "Margaret
 * Hughes" and a ledger's "HUGHES, Margaret (Mrs)" are one key. Words split at spaces and commas
 * only, so "O’Neill" stays "oneill". A name of titles alone keeps them.
 */
function nameKey(name: string): string {
  const words = wordsOf(name);
  const named = words.filter((word) => !TITLES.has(word));
  return (named.length > 0 ? named : words).sort().join('');
}

/**
 * Whether `next` is `current` with its titles left out ('Margaret Hughes', 'HUGHES, Margaret' for
 * 'Mrs Margaret Hughes'): a ledger that does not keep titles, with nothing new to take.
 */
export function leavesOutTitles(current: string, next: string): boolean {
  const hasTitle = (name: string) => wordsOf(name).some((word) => TITLES.has(word));
  return hasTitle(current) && !hasTitle(next) && nameKey(current) === nameKey(next);
}

/** The key a row without a reference is matched on: its name and property address. */
export function matchKeyOf(name: string, address: string): string {
  return `${nameKey(name)}|${foldKey(address)}`;
}
