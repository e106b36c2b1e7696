const DAY_MS = 86_400_000;
/** 9999-12-31T23:59:59.999Z: the last instant with a four-digit year. */
const LAST_FOUR_DIGIT_YEAR_MS = 253_402_300_799_999;

const twoDigits = (value: number): string => (value < 10 ? `0${value}` : `${value}`);
const threeDigits = (value: number): string =>
  value < 10 ? `00${value}` : value < 100 ? `0${value}` : `${value}`;

/**
 * `new Date(ms).toISOString()`, character for character, worked out in arithmetic. V8's
 * toISOString goes through its C++ runtime for every call, and on the public link read
 * (get-public-payment-link.ts), the hottest call there is, that was a noticeable part of the
 * answer's cost (decision 0013). Instants outside 1970–9999 or with a fraction of a millisecond,
 * which no stored time has, are left to toISOString.
 */
export function isoTimestamp(ms: number): string {
  if (!Number.isInteger(ms) || ms < 0 || ms > LAST_FOUR_DIGIT_YEAR_MS) {
    return new Date(ms).toISOString();
  }
  const days = Math.floor(ms / DAY_MS);
  const { year, month, day } = civilDateOf(days);
  let rest = ms - days * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const milliseconds = rest - seconds * 1000;
  return `${year}-${twoDigits(month)}-${twoDigits(day)}T${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(seconds)}.${threeDigits(milliseconds)}Z`;
}

/**
 * The proleptic Gregorian date `days` after 1970-01-01 (days ≥ 0). Counts from 0000-03-01, so
 * that each 400-year cycle is 146,097 days and the leap day falls at the end of a counted year:
 * the year, then the day in it, then the month from the day (March-based months have lengths
 * 31, 30, 31, 30, 31 repeating, which (5 × day + 2) / 153 captures).
 */
function civilDateOf(days: number): { year: number; month: number; day: number } {
  const sinceMarchYear0 = days + 719_468;
  const cycle = Math.floor(sinceMarchYear0 / 146_097);
  const dayOfCycle = sinceMarchYear0 - cycle * 146_097;
  const yearOfCycle = Math.floor(
    (dayOfCycle -
      Math.floor(dayOfCycle / 1460) +
      Math.floor(dayOfCycle / 36_524) -
      Math.floor(dayOfCycle / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfCycle - (365 * yearOfCycle + Math.floor(yearOfCycle / 4) - Math.floor(yearOfCycle / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = cycle * 400 + yearOfCycle + (month <= 2 ? 1 : 0);
  return { year, month, day };
}
