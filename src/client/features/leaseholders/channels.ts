import { formatDate } from '../../../shared/dates';
import type { LeaseholderDetail, LeaseholderItem } from '../../../shared/leaseholders';
import { NO_EMAIL_AND_STOPPED_MESSAGE } from '../../../shared/leaseholders';

type Reachable = Pick<LeaseholderItem, 'email' | 'phone' | 'phoneKind' | 'isErased'> &
  Partial<Pick<LeaseholderDetail, 'textsStoppedAt'>>;

/**
 * Where a leaseholder's messages can go: email with an address; WhatsApp (and SMS if it fails)
 * with a mobile that has not replied STOP, as landlines are never messaged. Erased accounts are
 * never messaged at all.
 */
export function channelsOf(leaseholder: Reachable): { hasEmail: boolean; hasMobile: boolean } {
  if (leaseholder.isErased) return { hasEmail: false, hasMobile: false };
  return {
    hasEmail: (leaseholder.email ?? '').trim() !== '',
    hasMobile:
      (leaseholder.phone ?? '').trim() !== '' &&
      leaseholder.phoneKind !== 'landline' &&
      !leaseholder.textsStoppedAt,
  };
}

/** Why "Send a new link now" cannot be used, or null when it can. */
export function whyNoNewLink(
  leaseholder: Reachable & Pick<LeaseholderItem, 'balancePence' | 'holdUntil'>,
): string | null {
  if (leaseholder.isErased) return 'Their personal data was erased: they are never messaged.';
  if (leaseholder.balancePence <= 0) return 'Nothing is owed, so there is no link to send.';
  if (leaseholder.holdUntil) {
    return `Chasing is on hold until ${formatDate(leaseholder.holdUntil)}: end the hold to send one.`;
  }
  const { hasEmail, hasMobile } = channelsOf(leaseholder);
  if (!hasEmail && leaseholder.textsStoppedAt && leaseholder.phoneKind !== 'landline') {
    return NO_EMAIL_AND_STOPPED_MESSAGE;
  }
  if (!hasEmail && !hasMobile) return 'There is no email address or mobile number to send it to.';
  return null;
}
