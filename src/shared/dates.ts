import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/**
 * The one date formatter (STYLE: one way to do a thing). Every displayed date is in UK time,
 * whatever the viewer's own time zone (spec section 9), so 23:30 UTC in summer reads 00:30 the
 * next day, as a UK leaseholder or member of staff would expect.
 */
export const UK_TIME_ZONE = 'Europe/London';

type DateInput = Date | string | number;

function toTime(value: DateInput): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

function inUkTime(value: DateInput): TZDate {
  return new TZDate(toTime(value), UK_TIME_ZONE);
}

/** Spec section 9's default format: 05/03/2025. */
export function formatDate(value: DateInput): string {
  return format(inUkTime(value), 'dd/MM/yyyy');
}

/** Spec section 9's long format: 5 Mar 2025 at 14:05. */
export function formatDateTime(value: DateInput): string {
  return format(inUkTime(value), "d MMM yyyy 'at' HH:mm");
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
