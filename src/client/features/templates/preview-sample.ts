import { plural } from '@/lib/plural';
import { formatDate, formatDateTime } from '../../../shared/dates';
import type { PlaceholderName, TemplateField } from '../../../shared/templates';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The sample leaseholder every preview is filled in with. */
export const SAMPLE_LEASEHOLDER = {
  tenantName: 'Mrs Margaret Hughes',
  amount: '£1,245.50',
  property: 'Flat 4, Riverside Court, 12 Wharf Road, London SE1 9PG',
};

/** How long the sample link has left: reminders are sent 24 hours and 1 hour before expiry. */
function timeLeftFor(field: TemplateField, linkLifetimeDays: number): { ms: number; text: string } {
  if (field === 'whatsappReminder1h') return { ms: HOUR_MS, text: '1 hour' };
  if (field === 'whatsappReminder24h' || field.startsWith('emailReminder')) {
    return { ms: DAY_MS, text: '24 hours' };
  }
  return { ms: linkLifetimeDays * DAY_MS, text: plural(linkLifetimeDays, 'day') };
}

/**
 * Values for a preview of `field`, as the messaging code would fill them in: dates in UK time
 * (spec section 9), a link on this site, and a time left that suits the message.
 */
export function previewValues(options: {
  field: TemplateField;
  now: number;
  origin: string;
  linkLifetimeDays: number;
}): Record<PlaceholderName, string> {
  // Whole minutes, so the preview does not change while staff read it.
  const now = Math.floor(options.now / MINUTE_MS) * MINUTE_MS;
  const timeLeft = timeLeftFor(options.field, options.linkLifetimeDays);
  const expiresAt = now + timeLeft.ms;
  return {
    ...SAMPLE_LEASEHOLDER,
    paymentUrl: `${options.origin}/payment/sample-7Kq2Xv9LmR4tWz8NbP3cYd`,
    expiryDate: formatDate(expiresAt),
    expiresAt: formatDateTime(expiresAt),
    transactionId: 'TXN-8F3K2Q7M',
    paymentDate: formatDateTime(now),
    timeRemaining: timeLeft.text,
  };
}
