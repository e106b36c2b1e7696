import { inUkTime } from './dates.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * Time left on a link (spec section 9): whole days if at least one day, else whole hours, else
 * whole minutes; null once it has expired. Rounded down, so a link never claims more time than
 * it has.
 */
export function timeRemaining(expiresAt: number, now: number): string | null {
  const left = expiresAt - now;
  if (left <= 0) return null;
  if (left >= DAY_MS) return plural(Math.floor(left / DAY_MS), 'day');
  if (left >= HOUR_MS) return plural(Math.floor(left / HOUR_MS), 'hour');
  return plural(Math.max(1, Math.floor(left / MINUTE_MS)), 'minute');
}

/**
 * UK hours a link may expire between, so its reminders (24 h and 1 h before) come 09:00–20:00;
 * held chasing resumes in them too.
 */
const FIRST_SOCIABLE_HOUR = 10;
const LAST_SOCIABLE_HOUR = 20;

/**
 * The first moment at or after `at` that is between 10:00 and 20:00 UK time (decision 0015): when
 * a link expires, and when messages held for a leaseholder go. A link expiring at 00:53 would send
 * its WhatsApp and SMS reminders at 23:53 and 00:53, and a hold ends at midnight: to many
 * leaseholders, elderly ones above all, a phone buzzing at night. Never earlier than `at`.
 */
export function sociableTime(at: number): number {
  const { year, month, day, hour } = inUkTime(at);
  if (hour >= FIRST_SOCIABLE_HOUR && hour < LAST_SOCIABLE_HOUR) return at;
  // 10:00 as if UTC, then back by London's offset then (none in winter, an hour in summer); the
  // clocks change at night, so 10:00 is never skipped or repeated.
  const nextDay = hour < FIRST_SOCIABLE_HOUR ? day : day + 1;
  const asUtc = Date.UTC(year, month - 1, nextDay, FIRST_SOCIABLE_HOUR);
  const offsetHours = (inUkTime(asUtc).hour - FIRST_SOCIABLE_HOUR + 24) % 24;
  return asUtc - offsetHours * HOUR_MS;
}
