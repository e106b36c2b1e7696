/**
 * A UK mobile in the form people write it ('07911 123456'); other numbers as stored (E.164),
 * which is unambiguous if less familiar. Display only: the server keeps E.164.
 */
export function phoneText(phone: string): string {
  const mobile = /^\+447(\d{3})(\d{6})$/.exec(phone);
  return mobile ? `07${mobile[1]} ${mobile[2]}` : phone;
}

/** Today in the UK as YYYY-MM-DD, the default day of a payment (Europe/London, spec 9). */
export function ukToday(now: number = Date.now()): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The UK day `days` after `day` (YYYY-MM-DD), for a date field's min and max. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
