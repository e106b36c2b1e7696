import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { PaymentLinkStatus } from '../../db/schema.js';

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
  paid_pence: number;
  closed_reason: 'replaced' | 'settled' | 'cancelled' | null;
  closed_at: number | null;
  tenant_id: string;
  /** The account's balance now: what an open link asks for. */
  balance_pence: number;
  tenant_name: string;
  tenant_email: string | null;
  tenant_address: string;
}

/**
 * One indexed read: the link by its primary key, joined to its leaseholder. Read on
 * `ctx.readDb`, so a leaseholder opening their link does not wait for an upload's write
 * transaction (on SQLite the writer's connection is held for the whole of one); everything that
 * acts on the link re-checks it in its own write. Written as SQL text rather than with the query
 * builder: on the call every leaseholder makes, building the query cost more than running it.
 */
export async function findLink(ctx: AppContext, linkId: string): Promise<LinkWithTenant | null> {
  const { rows } = await sql<LinkWithTenant>`
    select l.id, l.amount_pence, l.status, l.expires_at, l.paid_at, l.replaced_by, l.opened_at,
      l.processing_since, l.paid_pence, l.closed_reason, l.closed_at, l.tenant_id,
      t.balance_pence, t.name as tenant_name, t.email as tenant_email,
      t.address as tenant_address
    from payment_links l join tenants t on t.id = l.tenant_id
    where l.id = ${linkId}`.execute(ctx.readDb ?? ctx.db);
  return rows[0] ?? null;
}
