/**
 * Joint leaseholders' addresses as the database keeps them (`tenants.other_emails`,
 * `messages.cc`): one ', '-separated text, readable in a query or a backup; null for none.
 */
const SEPARATOR = ', ';

export function emailsOf(stored: string | null | undefined): string[] {
  return stored ? stored.split(SEPARATOR) : [];
}

export function storedEmails(addresses: readonly string[]): string | null {
  return addresses.length > 0 ? addresses.join(SEPARATOR) : null;
}

/** `addresses` lower-cased, each once, without `main`: the copies beside the address sent to. */
export function copiesBeside(main: string | null, addresses: readonly string[]): string[] {
  const copies = new Set(addresses.map((address) => address.toLowerCase()));
  if (main !== null) copies.delete(main);
  return [...copies];
}

/** An account's addresses in one cell, as a sheet lists joint leaseholders': it uploads back. */
export function emailCell(main: string | null, others: readonly string[]): string {
  return [main, ...others].filter(Boolean).join('; ');
}
