/**
 * How an upload row finds its account (issue 29): by the agent's own Account Reference when the
 * row has one, otherwise by name and property address. Both compare case-, space- and
 * punctuation-insensitively, so "Flat 3, Riverside Court" matches "flat 3 riverside ct." only
 * if the words agree — abbreviations are the clerk's to keep consistent.
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

/** The key a row without a reference is matched on: its name and property address. */
export function matchKeyOf(name: string, address: string): string {
  return `${foldKey(name)}|${foldKey(address)}`;
}
