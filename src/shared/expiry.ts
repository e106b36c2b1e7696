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
