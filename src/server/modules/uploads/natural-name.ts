const TITLE = '(?:mr|mrs|ms|miss|mx|dr|prof|rev|sir|dame)\\.?';
/** Titles a ledger puts after a name, as in 'Margaret Hughes (Mrs)'. */
const TRAILING_TITLE = new RegExp(`^(.+?)\\s*\\((${TITLE})\\)$`, 'i');
/** A name that begins with a title is a person's ('MRS M HUGHES'), not a company's. */
const LEADING_TITLE = new RegExp(`^${TITLE}(?:\\s|$)`, 'i');
/** Words that make a name a company's or a trust's, whose capitals are its own. */
const COMPANY_WORD = new RegExp(
  `\\b(?:${[
    'ltd',
    'limited',
    'plc',
    'llp',
    'llc',
    'inc',
    'co',
    'company',
    'trust',
    'trustees',
    'property',
    'properties',
    'estates?',
    'holdings',
    'group',
    'investments?',
    'developments?',
    'housing',
    'association',
    'council',
    'management',
    'services',
    'partners',
    'rtm',
  ].join('|')})\\b`,
  'i',
);

/** A ledger's 'HUGHES, Margaret' or 'Hughes, Mrs M': one surname, then the rest of the name. */
const SURNAME_FIRST = /^([\p{L}'’-]+|[\p{Lu}'’ -]+),\s*([^,]+)$/u;

/**
 * A name as the leaseholder's messages greet them, from the way a ledger lists it: 'HUGHES,
 * Margaret' reads 'Margaret Hughes', 'Margaret Hughes (Mrs)' reads 'Mrs Margaret Hughes', and a
 * person's name in capitals ('MRS M HUGHES', 'HUGHES, MARGARET', 'MARGARET HUGHES') is
 * re-cased. Any other name is kept as the sheet writes it ('John Smith, Jane Smith' is two
 * people, 'ABC PROPERTIES LTD' a company). The account is matched as before whatever the order
 * or case (account-keys.ts nameKey).
 */
export function naturalName(name: string): string {
  const titled = TRAILING_TITLE.exec(name);
  if (titled) {
    const [rest, title] = [titled[1]!, titled[2]!];
    return SURNAME_FIRST.test(rest)
      ? `${titleCase(title)} ${naturalName(rest)}`
      : naturalName(`${title} ${rest}`);
  }
  const listed = SURNAME_FIRST.exec(name);
  if (!listed) return isPersons(name) ? cased(name) : name;
  return `${cased(listed[2]!.trim())} ${cased(listed[1]!.trim())}`;
}

/** Words written all in capitals in ordinary case; anything else as it is. */
function cased(text: string): string {
  if (text !== text.toUpperCase() || text === text.toLowerCase()) return text;
  return text.split(' ').map(titleCase).join(' ');
}

/** 'MRS M HUGHES' or 'MARGARET HUGHES', not 'ABC PROPERTIES LTD' or 'FLAT 3 RTM CO'. */
function isPersons(name: string): boolean {
  if (LEADING_TITLE.test(name)) return true;
  const words = name.split(/\s+/);
  return words.length >= 2 && words.length <= 5 && !COMPANY_WORD.test(name) && !/\d/.test(name);
}

/** 'HUGHES' → 'Hughes', "O'NEILL" → "O'Neill", 'SMITH-JONES' → 'Smith-Jones', 'MCDONALD' →
 * 'McDonald'. */
function titleCase(word: string): string {
  return word
    .toLowerCase()
    .replace(
      /(^|['’-])(\p{L})/gu,
      (_, before: string, letter: string) => before + letter.toUpperCase(),
    )
    .replace(/^Mc(\p{L})/u, (_, letter: string) => `Mc${letter.toUpperCase()}`);
}
