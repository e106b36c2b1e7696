import { penceToDecimalString } from '../../../shared/money.js';
import type { PaymentLinkItem } from '../../../shared/payment-links.js';
import type { AppContext } from '../../context.js';
import { paymentUrlOf } from '../messages/message-content.js';
import { effectiveStatusSql } from './link-state.js';

/** Links with their leaseholders, as the list and the renewal answer them. */
export function linksWithTenants(ctx: AppContext, now: number) {
  return ctx.db
    .selectFrom('payment_links')
    .innerJoin('tenants', 'tenants.id', 'payment_links.tenant_id')
    .select((eb) => [
      'payment_links.id',
      'payment_links.amount_pence',
      'payment_links.expires_at',
      'payment_links.created_at',
      'payment_links.paid_at',
      'payment_links.processing_since',
      'payment_links.replaced_by',
      'payment_links.closed_reason',
      'payment_links.paid_pence',
      'payment_links.returned_pence',
      'tenants.id as tenant_id',
      'tenants.name as tenant_name',
      'tenants.email as tenant_email',
      'tenants.phone as tenant_phone',
      'tenants.address as tenant_address',
      effectiveStatusSql(now)(eb).as('status'),
    ]);
}

type LinkRow = Awaited<ReturnType<ReturnType<typeof linksWithTenants>['executeTakeFirstOrThrow']>>;

export function toPaymentLinkItem(ctx: AppContext, row: LinkRow): PaymentLinkItem {
  const iso = (time: number | null) => (time === null ? null : new Date(time).toISOString());
  return {
    id: row.id,
    amount: penceToDecimalString(row.amount_pence),
    amountPence: row.amount_pence,
    status: row.status,
    expiresAt: new Date(row.expires_at).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
    paidAt: iso(row.paid_at),
    linkUrl: paymentUrlOf(ctx.config, row.id),
    isProcessing: row.processing_since !== null,
    replacedBy: row.replaced_by,
    closedReason:
      row.closed_reason ?? (row.replaced_by && row.status !== 'paid' ? 'replaced' : null),
    paidAmount: penceToDecimalString(row.paid_pence),
    returnedAmount: penceToDecimalString(row.returned_pence),
    tenant: {
      accountId: row.tenant_id,
      name: row.tenant_name,
      email: row.tenant_email,
      phone: row.tenant_phone,
      address: row.tenant_address,
    },
  };
}
