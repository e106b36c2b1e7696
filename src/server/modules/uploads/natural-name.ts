/** Titles a ledger puts after a name, as in 'Margaret Hughes (Mrs)'. */
const TRAILING_TITLE = /^(.+?)\s*\((mr|mrs|ms|miss|mx|dr|prof|rev|sir|dame)\.?\)$/i;
/** A ledger's 'HUGHES, Margaret' or 'Hughes, Mrs M': one surname, then the rest of the name. */
const SURNAME_FIRST = /^([\p{L}'’-]+|[\p{Lu}'’ -]+),\s*([^,]+)$/u;

/**
 * A name as the leaseholder's messages greet them, from the way a ledger lists it: 'HUGHES,
 * Margaret' reads 'Margaret Hughes', 'Margaret Hughes (Mrs)' reads 'Mrs Margaret Hughes'. Only
 * these two forms change, and only a surname in capitals is re-cased; any other name is kept as
 * the sheet writes it ('John Smith, Jane Smith' is two people, and 'ABC Ltd' a company). The
 * account is matched as before whatever the order (account-keys.ts nameKey).
 */
export function naturalName(name: string): string {
  const titled = TRAILING_TITLE.exec(name);
  if (titled) return `${titleCase(titled[2]!)} ${naturalName(titled[1]!)}`;
  const listed = SURNAME_FIRST.exec(name);
  if (!listed) return name;
  const surname = listed[1]!.trim();
  const isCapitals = surname === surname.toUpperCase() && surname !== surname.toLowerCase();
  return `${listed[2]!.trim()} ${isCapitals ? surname.split(' ').map(titleCase).join(' ') : surname}`;
}

/** 'HUGHES' → 'Hughes', "O'NEILL" → "O'Neill", 'SMITH-JONES' → 'Smith-Jones', 'MCDONALD' → 'McDonald'. */
function titleCase(word: string): string {
  return word
    .toLowerCase()
    .replace(
      /(^|['’-])(\p{L})/gu,
      (_, before: string, letter: string) => before + letter.toUpperCase(),
    )
    .replace(/^Mc(\p{L})/u, (_, letter: string) => `Mc${letter.toUpperCase()}`);
}
