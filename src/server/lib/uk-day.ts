import { TZDate } from '@date-fns/tz';
import { UK_TIME_ZONE } from '../../shared/dates.js';

/** 00:00 in the UK on a day written YYYY-MM-DD, in BST or GMT as that day is. */
export function ukDayStart(day: string): TZDate {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new TZDate(year, month - 1, date, UK_TIME_ZONE);
}
