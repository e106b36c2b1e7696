import type { Insertable } from 'kysely';
import { sociableTime } from '../../../shared/expiry.js';
import type { AppContext } from '../../context.js';
import type { PaymentLinksTable } from '../../db/schema.js';
import { randomToken } from '../../lib/ids.js';

/** A new link's id: 128 random bits, the secret in the leaseholder's URL. */
export function newLinkId(): string {
  return randomToken(16);
}

const DAY_MS = 24 * 3_600_000;

/**
 * The row for a new pending link: a new id (or `id`, made by newLinkId) and the configured
 * lifetime (7 days by default), ending at a sociable hour (sociableTime). Bulk upload and
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
  return lifetimeMs < DAY_MS ? now + lifetimeMs : sociableTime(now + lifetimeMs);
}
