/** Text without accents, in lower case. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/**
 * How an upload row finds its account (issue 29): by the agent's own Account Reference when the
 * row has one, otherwise by name and property address. Both compare case-, space- and
 * punctuation-insensitively. A name's titles and word order do not count (nameKey); nor do an
 * address's 'Flat', its street words abbreviated or its postcode (addressKey), which two systems'
 * exports write differently for one flat.
 */
function foldKey(text: string): string {
  return fold(text).replace(/[^\p{L}\p{N}]+/gu, '');
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

/** The words that say what kind of dwelling follows: "Flat 3" and "3" are one flat. */
const DWELLINGS = new Set(['flat', 'apartment', 'apt', 'unit']);

/** Royal Mail's abbreviations of street and building words, read as the words. */
const SPELT_OUT = new Map([
  ['rd', 'road'],
  ['st', 'street'],
  ['ave', 'avenue'],
  ['av', 'avenue'],
  ['ct', 'court'],
  ['crt', 'court'],
  ['cl', 'close'],
  ['cres', 'crescent'],
  ['dr', 'drive'],
  ['ln', 'lane'],
  ['pl', 'place'],
  ['sq', 'square'],
  ['gdns', 'gardens'],
  ['ho', 'house'],
  ['hse', 'house'],
  ['blk', 'block'],
  ['bldg', 'building'],
  ['terr', 'terrace'],
  ['ter', 'terrace'],
  ['pk', 'park'],
  ['gr', 'grove'],
  ['gro', 'grove'],
  ['grn', 'green'],
  ['mt', 'mount'],
  ['hts', 'heights'],
  ['est', 'estate'],
]);

/** A UK postcode, as written with or without its space. */
const POSTCODE = /\b[a-z]{1,2}\d[a-z\d]?\s*\d[a-z]{2}\b/gu;

/**
 * An address's words, folded, with 'Flat' and a postcode left out, the flat first and
 * abbreviations spelt out: "Flat 3, Riverside Ct., SW1A 1AA", "Riverside Court, Flat 3" and
 * "3 Riverside Court" are one key. The other words keep their order and a space between them,
 * so "Flat 3, 12 High St" is not "Flat 31, 2 High St".
 */
export function addressKey(address: string): string {
  const folded = fold(address).replace(/['’‘`]/gu, '');
  const words = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const kept = words(folded.replace(POSTCODE, ' '));
  // 'Riverside Court, Flat 3' is 'Flat 3, Riverside Court': the flat goes first, its word goes.
  const flat = kept.findIndex((word, at) => DWELLINGS.has(word) && at + 1 < kept.length);
  if (flat !== -1) kept.unshift(...kept.splice(flat, 2).slice(1));
  const named = kept.filter((word) => !DWELLINGS.has(word));
  // An address that is only a postcode, or only 'Flat', keeps what it has.
  return (named.length > 0 ? named : words(folded))
    .map((word) => SPELT_OUT.get(word) ?? word)
    .join(' ');
}

/**
 * Whether one address is the other with words added at its end: a town, a county ('3 Riverside
 * Court' and '3 Riverside Court London'). The shorter must still name a numbered place, so that
 * 'Rose Cottage' is not taken for 'Rose Cottage, Bath'.
 */
export function endsDiffer(one: readonly string[], other: readonly string[]): boolean {
  const [shorter, longer] = one.length < other.length ? [one, other] : [other, one];
  return (
    shorter.length >= 2 &&
    shorter.length < longer.length &&
    shorter.some((word) => /\d/.test(word)) &&
    shorter.every((word, at) => longer[at] === word)
  );
}

/**
 * Whether two writings of an address name one place (matchKeyOf's address half, or one of them
 * with the town left off): an upload then keeps the fuller of them on file.
 */
export function samePlace(one: string, other: string): boolean {
  const [a, b] = [addressKey(one), addressKey(other)];
  return a === b || endsDiffer(a.split(' '), b.split(' '));
}

/**
 * Whether `next` is `current` without its accents ('Sian Evans', 'EVANS, Sian' for 'Siân Evans'):
 * a ledger that writes only plain letters, with nothing new to take.
 */
export function leavesOutAccents(current: string, next: string): boolean {
  const plain = (name: string) => /^[\x20-\x7e]*$/.test(name);
  return !plain(current) && plain(next) && nameKey(current) === nameKey(next);
}

/** The key a row without a reference is matched on: its name and property address. */
export function matchKeyOf(name: string, address: string): string {
  return `${nameKey(name)}|${addressKey(address)}`;
}
