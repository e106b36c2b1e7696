import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database, PaymentLinkStatus } from '../../db/schema.js';

/** A link with its leaseholder, as every public payment call needs it. */
export interface LinkWithTenant {
  id: string;
  amount_pence: number;
  status: PaymentLinkStatus;
  expires_at: number;
  paid_at: number | null;
  replaced_by: string | null;
  opened_at: number | null;
  processing_since: number | null;
  tenant_name: string;
  tenant_email: string | null;
  tenant_address: string;
}

/**
 * What the link page shows and decides by, for the page's own read (GET
 * /api/payment-link/{id}), the hottest query there is: it reads no column it does not need.
 */
export type LinkToShow = Pick<
  LinkWithTenant,
  | 'id'
  | 'amount_pence'
  | 'status'
  | 'expires_at'
  | 'replaced_by'
  | 'processing_since'
  | 'tenant_name'
  | 'tenant_address'
>;

const SHOWN_COLUMNS = [
  'payment_links.id',
  'payment_links.amount_pence',
  'payment_links.status',
  'payment_links.expires_at',
  'payment_links.replaced_by',
  'payment_links.processing_since',
  'tenants.name as tenant_name',
  'tenants.address as tenant_address',
] as const;

/** One indexed read: the link by its primary key, joined to its leaseholder. */
const linkAndTenant = (db: Kysely<Database>, linkId: string) =>
  db
    .selectFrom('payment_links')
    .innerJoin('tenants', 'tenants.id', 'payment_links.tenant_id')
    .where('payment_links.id', '=', linkId);

// Compiled once (prepared-query.ts): these are the hot path of the public link page, and
// building the query cost more than SQLite's read itself.
const linkQuery = preparedQuery((db, args: { linkId: string }) =>
  linkAndTenant(db, args.linkId).select([
    ...SHOWN_COLUMNS,
    'payment_links.paid_at',
    'payment_links.opened_at',
    'tenants.email as tenant_email',
  ]),
);
const linkToShowQuery = preparedQuery((db, args: { linkId: string }) =>
  linkAndTenant(db, args.linkId).select(SHOWN_COLUMNS),
);

/**
 * Read on `ctx.readDb`: a leaseholder opening their link does not wait for an upload's or a
 * send's write transaction (on SQLite the writer's connection is held for the whole of one).
 * Everything that acts on the link re-checks it in its own write.
 */
export async function findLink(ctx: AppContext, linkId: string): Promise<LinkWithTenant | null> {
  const { rows } = await linkQuery({ db: ctx.readDb ?? ctx.db, engine: ctx.engine }, { linkId });
  return rows[0] ?? null;
}

export async function findLinkToShow(ctx: AppContext, linkId: string): Promise<LinkToShow | null> {
  const { rows } = await linkToShowQuery(
    { db: ctx.readDb ?? ctx.db, engine: ctx.engine },
    { linkId },
  );
  return rows[0] ?? null;
}

/**
 * The link, when it can be read at once (prepared-query.ts) and exists; otherwise null, and the
 * caller asks findLinkToShow.
 */
export function findLinkToShowAtOnce(ctx: AppContext, linkId: string): LinkToShow | null {
  const result = linkToShowQuery.atOnce(
    { db: ctx.readDb ?? ctx.db, engine: ctx.engine },
    { linkId },
  );
  return result?.rows[0] ?? null;
}

export type PublicLinkState = 'pending' | 'processing' | 'paid';

/** What decides whether the leaseholder may see a link (publicStateOf). */
export type LinkState = Pick<
  LinkWithTenant,
  'status' | 'expires_at' | 'replaced_by' | 'processing_since'
>;

/**
 * What the leaseholder may see of a link. Paid and settling links stay visible (the page says
 * so); unknown, expired, replaced and failed links are all null: one indistinguishable
 * not-available answer (ARCHITECTURE section 7). A settling payment keeps its link visible even
 * past the expiry time: the leaseholder has paid, the bank has not finished.
 */
export function publicStateOf(link: LinkState | null, now: number): PublicLinkState | null {
  if (!link) return null;
  if (link.status === 'paid') return 'paid';
  if (link.status === 'failed' || link.replaced_by !== null) return null;
  if (link.processing_since !== null) return 'processing';
  if (link.status === 'pending' && link.expires_at > now) return 'pending';
  return null;
}
