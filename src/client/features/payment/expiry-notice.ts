import { timeRemaining } from '../../../shared/expiry';

/** Spec section 2: 'This payment link expires in N day(s)/hour(s)/minute(s)' or 'has expired'. */
export function expiryNotice(expiresAt: string, now: number): string {
  const left = timeRemaining(Date.parse(expiresAt), now);
  return left ? `This payment link expires in ${left}` : 'This payment link has expired';
}
