import { sociableTime } from '../../../shared/expiry.js';

/**
 * When messages held for a leaseholder go: the hold ends with its UK day, at midnight, so they
 * wait for the next morning instead (decision 0015). Ending a hold early sends them at once.
 */
export function resumeAfterHold(holdUntil: number): number {
  return sociableTime(holdUntil);
}
