import { TZDate } from '@date-fns/tz';
import type { Insertable } from 'kysely';
import { UK_TIME_ZONE } from '../../../shared/dates.js';
import type { AppContext } from '../../context.js';
import type { PaymentLinksTable } from '../../db/schema.js';
import { randomToken } from '../../lib/ids.js';

/** A new link's id: 128 random bits, the secret in the leaseholder's URL. */
export function newLinkId(): string {
  return randomToken(16);
}

const DAY_MS = 24 * 3_600_000;
/** UK hours a link may expire between, so its reminders (24 h and 1 h before) come 09:00–20:00. */
const FIRST_EXPIRY_HOUR = 10;
const LAST_EXPIRY_HOUR = 20;

/**
 * The first moment at or after `at` that is between 10:00 and 20:00 UK time. A link expiring at
 * 00:53 would send its WhatsApp and SMS reminders at 23:53 and 00:53: to many leaseholders, elderly
 * ones above all, a phone buzzing at night. A link only ever lives longer for it.
 */
export function sociableExpiry(at: number): number {
  const uk = new TZDate(at, UK_TIME_ZONE);
  const hour = uk.getHours();
  if (hour >= FIRST_EXPIRY_HOUR && hour < LAST_EXPIRY_HOUR) return at;
  const day = hour < FIRST_EXPIRY_HOUR ? uk.getDate() : uk.getDate() + 1;
  return new TZDate(
    uk.getFullYear(),
    uk.getMonth(),
    day,
    FIRST_EXPIRY_HOUR,
    UK_TIME_ZONE,
  ).getTime();
}

/**
 * The row for a new pending link: a new id (or `id`, made by newLinkId) and the configured
 * lifetime (7 days by default), ending at a sociable hour (sociableExpiry). Bulk upload and
 * renewal both make links this way.
 */
export function newPaymentLinkRow(
  ctx: Pick<AppContext, 'config' | 'clock'>,
  fields: {
    id?: string;
    tenantId: string;
    amountPence: number;
    batchId: string | null;
    batchRow?: number;
  },
): Insertable<PaymentLinksTable> {
  const now = ctx.clock.now();
  return {
    id: fields.id ?? newLinkId(),
    tenant_id: fields.tenantId,
    batch_id: fields.batchId,
    batch_row: fields.batchRow ?? null,
    amount_pence: fields.amountPence,
    status: 'pending',
    expires_at: expiryOf(now, ctx.config.linkLifetimeMs),
    created_at: now,
    paid_at: null,
    replaced_by: null,
    opened_at: null,
    processing_since: null,
    failure_reason: null,
  };
}

/** A lifetime under a day (LINK_LIFETIME_SECONDS, for watching a link expire) is kept exactly. */
function expiryOf(now: number, lifetimeMs: number): number {
  return lifetimeMs < DAY_MS ? now + lifetimeMs : sociableExpiry(now + lifetimeMs);
}
