import type { Insertable, Selectable } from 'kysely';
import type { AppContext } from '../../src/server/context.js';
import type { PaymentLinksTable, TenantsTable } from '../../src/server/db/schema.js';
import { newId } from '../../src/server/lib/ids.js';
import { newPaymentLinkRow } from '../../src/server/modules/payment-links/new-payment-link-row.js';
import { tenantSearchText } from '../../src/server/modules/payment-links/tenant-search-text.js';

export type Tenant = Selectable<TenantsTable>;
export type PaymentLink = Selectable<PaymentLinksTable>;

/** A leaseholder reachable by email and WhatsApp unless the overrides say otherwise. */
export async function createTenant(
  ctx: AppContext,
  overrides: Partial<Insertable<TenantsTable>> = {},
): Promise<Tenant> {
  const fields = {
    id: newId(),
    name: 'Margaret Hughes',
    email: 'margaret.hughes@example.co.uk',
    phone: '+447700900123',
    phone_kind: 'mobile' as const,
    address: 'Flat 3, 12 Riverside Court, London SE1 9AA',
    created_at: ctx.clock.now(),
    ...overrides,
  };
  const row = { ...fields, search_text: tenantSearchText(fields) } as Tenant;
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
  const tenantId = linkOverrides.tenant_id ?? (await createTenant(ctx, tenant)).id;
  const row = {
    ...newPaymentLinkRow(ctx, { tenantId, amountPence: 124_550, batchId: null }),
    ...linkOverrides,
  } as PaymentLink;
  await ctx.db.insertInto('payment_links').values(row).execute();
  return row;
}
