/**
 * The one date formatter (STYLE: one way to do a thing). Every displayed date is in UK time,
 * whatever the viewer's own time zone (spec section 9), so 23:30 UTC in summer reads 00:30 the
 * next day, as a UK leaseholder or member of staff would expect. Built on Intl (its time zone
 * data follows the BST/GMT changes), not a date library: the leaseholder's pages stay small.
 */
export const UK_TIME_ZONE = 'Europe/London';

type DateInput = Date | string | number;

function toTime(value: DateInput): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Made on first use, not when the module loads: the first Intl object in a page makes the
 * browser load its ICU data, a wait a slow phone feels, and the leaseholder's payment page
 * shows no date, so it never pays for that (money.ts formats pounds without Intl).
 */
let ukParts: Intl.DateTimeFormat | undefined;

function ukPartsFormat(): Intl.DateTimeFormat {
  ukParts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: UK_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  return ukParts;
}

/** The wall-clock fields in London: numbers only, so no locale wording leaks in. */
export function inUkTime(value: DateInput) {
  const fields: Record<string, number> = {};
  for (const part of ukPartsFormat().formatToParts(toTime(value))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return {
    year: fields.year ?? 0,
    month: fields.month ?? 1,
    day: fields.day ?? 1,
    hour: fields.hour ?? 0,
    minute: fields.minute ?? 0,
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** Spec section 9's default format: 05/03/2025. */
export function formatDate(value: DateInput): string {
  const { year, month, day } = inUkTime(value);
  return `${two(day)}/${two(month)}/${year}`;
}

/** Spec section 9's long format: 5 Mar 2025 at 14:05. */
export function formatDateTime(value: DateInput): string {
  const { year, month, day, hour, minute } = inUkTime(value);
  return `${day} ${MONTHS[month - 1]} ${year} at ${two(hour)}:${two(minute)}`;
}

/**
 * For spreadsheets (CSV exports): ISO 8601 in UK time, '2026-11-25 08:41', the form Excel reads
 * as a date and time (it does not read the 'T' or an offset).
 */
export function formatIsoDateTime(value: DateInput): string {
  const { year, month, day, hour, minute } = inUkTime(value);
  return `${year}-${two(month)}-${two(day)} ${two(hour)}:${two(minute)}`;
}

const MINUTE_MS = 60_000;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * Spec section 9's relative times: 'now' under a minute, then minutes, then hours under 24,
 * then days; 'in …' for the future and '… ago' for the past. Whole units only, rounded towards
 * zero, so 59 minutes ago is still '59 minutes ago' and never '1 hour ago' too early.
 */
export function formatRelativeTime(value: DateInput, now: DateInput = Date.now()): string {
  const diffMs = toTime(value) - toTime(now);
  const minutes = Math.trunc(diffMs / MINUTE_MS);
  if (minutes === 0) return 'now';

  const size = Math.abs(minutes);
  const hours = Math.trunc(size / 60);
  const days = Math.trunc(hours / 24);
  const amount =
    size < 60 ? plural(size, 'minute') : hours < 24 ? plural(hours, 'hour') : plural(days, 'day');
  return minutes > 0 ? `in ${amount}` : `${amount} ago`;
}
