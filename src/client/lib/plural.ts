/**
 * "1 tenant", "3 tenants", "12,500 tenants"; `pluralNoun` for words that do not just take an s.
 */
export function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? noun : pluralNoun}`;
}
