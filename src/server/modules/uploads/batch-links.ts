import type { AppContext } from '../../context.js';
import { getBatch } from './get-batch.js';

/** The batch's links with their leaseholders, in the file's order; 404 for an unknown batch. */
export async function batchLinks(ctx: AppContext, batchId: string) {
  await getBatch(ctx, batchId);
  return ctx.db
    .selectFrom('payment_links')
    .innerJoin('tenants', 'tenants.id', 'payment_links.tenant_id')
    .select([
      'payment_links.id',
      'payment_links.amount_pence',
      'payment_links.expires_at',
      'payment_links.status',
      'tenants.name as tenant_name',
      'tenants.email as tenant_email',
      'tenants.other_emails as tenant_other_emails',
      'tenants.phone as tenant_phone',
      'tenants.phone_kind as tenant_phone_kind',
      'tenants.address as tenant_address',
    ])
    .where('payment_links.batch_id', '=', batchId)
    .orderBy('payment_links.batch_row')
    .execute();
}
