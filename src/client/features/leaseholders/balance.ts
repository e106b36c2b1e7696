import { formatPence } from '../../../shared/money';

/**
 * A balance as staff say it: what is owed in pounds, a credit as '£25.00 in credit' (never a
 * minus sign a clerk could miss), and nothing owed as 'Nothing owed'.
 */
export function balanceText(pence: number): string {
  if (pence < 0) return `${formatPence(-pence)} in credit`;
  if (pence === 0) return 'Nothing owed';
  return formatPence(pence);
}

/** The same inside a sentence: 'Balance now £1,000.00 owed', '… now nothing owed'. */
export function balanceSentence(pence: number): string {
  if (pence === 0) return 'nothing owed';
  return pence > 0 ? `${formatPence(pence)} owed` : balanceText(pence);
}

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
