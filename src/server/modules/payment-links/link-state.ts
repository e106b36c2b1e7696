// The one owner of "is this link open, expired, replaced?". Every reader asks here, in
// JavaScript for a row it holds or in SQL for a query; housekeeping's sweep (expire-links.ts)
// stores the same answer within a minute, and no read waits for it.
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database, PaymentLinkStatus, PaymentLinksTable } from '../../db/schema.js';

type LinkFields = Pick<
  PaymentLinksTable,
  'status' | 'expires_at' | 'replaced_by' | 'processing_since'
>;

/** Messages asking for payment (the link, reminders) make sense only while this holds. */
export function isLinkOpen(link: Pick<LinkFields, 'status' | 'expires_at'>, now: number): boolean {
  return link.status === 'pending' && link.expires_at > now;
}

export type PublicLinkState = 'pending' | 'processing' | 'paid';

/**
 * What the leaseholder may see of a link. Paid and settling links stay visible (the page says
 * so); unknown, expired, replaced and failed links are all null: one indistinguishable
 * not-available answer (ARCHITECTURE section 7).
 */
export function publicStateOf(link: LinkFields | null, now: number): PublicLinkState | null {
  if (!link) return null;
  if (link.status === 'paid') return 'paid';
  if (link.status === 'failed' || link.replaced_by !== null) return null;
  if (link.processing_since !== null) return 'processing';
  return isLinkOpen(link, now) ? 'pending' : null;
}

type LinksBuilder = ExpressionBuilder<Database, 'payment_links'>;

/**
 * A pending link past its expiry is expired, unless a payment is settling on it: the
 * leaseholder has paid and the bank has not finished.
 */
export function dueToExpire(now: number) {
  return (eb: LinksBuilder) =>
    eb.and([
      eb('payment_links.status', '=', 'pending'),
      eb('payment_links.expires_at', '<=', now),
      eb('payment_links.processing_since', 'is', null),
    ]);
}

/** The status as staff see it (dueToExpire applied), for a selected column or a sort key. */
export function effectiveStatusSql(now: number) {
  return (eb: LinksBuilder) =>
    eb
      .case()
      .when(dueToExpire(now)(eb))
      .then(sql.lit('expired'))
      .else(eb.ref('payment_links.status'))
      .end()
      .$castTo<PaymentLinkStatus>();
}

/**
 * "The status as staff see it is `status`" in SQL, spelled so that each engine can still find
 * the rows through its status indexes rather than working the status out for every link.
 */
export function hasEffectiveStatus(status: PaymentLinkStatus, now: number) {
  return (eb: LinksBuilder) => {
    if (status === 'pending') {
      return eb.and([eb('payment_links.status', '=', 'pending'), eb.not(dueToExpire(now)(eb))]);
    }
    if (status === 'expired') {
      return eb.or([eb('payment_links.status', '=', 'expired'), dueToExpire(now)(eb)]);
    }
    return eb('payment_links.status', '=', status);
  };
}

/**
 * "The account has an open link" in SQL: one pending and unexpired, or one a payment is settling
 * on (the leaseholder has paid; the bank has not finished). An account without one has nothing
 * to pay through until staff or the next sheet send a new link.
 */
export function hasOpenLink(now: number) {
  return (eb: ExpressionBuilder<Database, 'tenants'>) =>
    eb.exists(
      eb
        .selectFrom('payment_links')
        .select('payment_links.id')
        .whereRef('payment_links.tenant_id', '=', 'tenants.id')
        .where('payment_links.status', '=', 'pending')
        .where((links) =>
          links.or([
            links('payment_links.expires_at', '>', now),
            links('payment_links.processing_since', 'is not', null),
          ]),
        ),
    );
}
