/** "1 tenant", "3 tenants"; `pluralNoun` for words that do not just take an s. */
export function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralNoun}`;
}
