import type { Insertable, Selectable } from 'kysely';
import type { AppContext } from '../../src/server/context.js';
import type { PaymentLinksTable, TenantsTable } from '../../src/server/db/schema.js';
import { newId } from '../../src/server/lib/ids.js';
import { matchKeyOf } from '../../src/server/modules/accounts/account-keys.js';
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
  const row = {
    match_key: matchKeyOf(fields.name, fields.address),
    ...fields,
    search_text: tenantSearchText({ ...fields, otherEmails: fields.other_emails }),
  } as Tenant;
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
  const amountPence = linkOverrides.amount_pence ?? 124_550;
  // A link made with its own leaseholder owes its amount, as an upload's would, unless it is paid.
  const owed = linkOverrides.status === 'paid' ? 0 : amountPence;
  const tenantId =
    linkOverrides.tenant_id ??
    (
      await createTenant(ctx, {
        balance_pence: owed,
        owing_since: owed > 0 ? ctx.clock.now() : null,
        ...tenant,
      })
    ).id;
  const row = {
    ...newPaymentLinkRow(ctx, { tenantId, amountPence, batchId: null }),
    ...linkOverrides,
  } as PaymentLink;
  await ctx.db.insertInto('payment_links').values(row).execute();
  return row;
}
