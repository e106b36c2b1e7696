import type { Insertable, Selectable } from 'kysely';
import type { AppContext } from '../../src/server/context.js';
import type { PaymentLinksTable, TenantsTable } from '../../src/server/db/schema.js';
import { newId, randomToken } from '../../src/server/lib/ids.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export type Tenant = Selectable<TenantsTable>;
export type PaymentLink = Selectable<PaymentLinksTable>;

/** A leaseholder reachable by email and WhatsApp unless the overrides say otherwise. */
export async function createTenant(
  ctx: AppContext,
  overrides: Partial<Insertable<TenantsTable>> = {},
): Promise<Tenant> {
  const row: Tenant = {
    id: newId(),
    name: 'Margaret Hughes',
    email: 'margaret.hughes@example.co.uk',
    phone: '+447700900123',
    address: 'Flat 3, 12 Riverside Court, London SE1 9AA',
    created_at: ctx.clock.now(),
    ...overrides,
  };
  await ctx.db.insertInto('tenants').values(row).execute();
  return row;
}

/**
 * A pending payment link with a random 128-bit id, expiring after the configured lifetime.
 * Makes its own leaseholder (with `tenant` overrides) unless `tenant_id` is given.
 */
export async function createPaymentLink(
  ctx: AppContext,
  overrides: Partial<Insertable<PaymentLinksTable>> & {
    tenant?: Partial<Insertable<TenantsTable>>;
  } = {},
): Promise<PaymentLink> {
  const { tenant, ...linkOverrides } = overrides;
  const now = ctx.clock.now();
  const tenantId = linkOverrides.tenant_id ?? (await createTenant(ctx, tenant)).id;
  const row: PaymentLink = {
    id: randomToken(16),
    tenant_id: tenantId,
    batch_id: null,
    amount_pence: 124_550,
    status: 'pending',
    expires_at: now + ctx.config.linkLifetimeDays * DAY_MS,
    created_at: now,
    paid_at: null,
    replaced_by: null,
    ...linkOverrides,
  };
  await ctx.db.insertInto('payment_links').values(row).execute();
  return row;
}
