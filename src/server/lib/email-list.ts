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
