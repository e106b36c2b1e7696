import { setImmediate } from 'node:timers/promises';
import type { AppContext } from '../../context.js';
import { newId } from '../../lib/ids.js';
import { newLinkId, newPaymentLinkRow } from '../payment-links/new-payment-link-row.js';
import { tenantSearchText } from '../payment-links/tenant-search-text.js';
import type { ValidRow } from '../uploads/validate-rows.js';

/**
 * New accounts and their first links, a slice of rows per statement, in the sheet's order.
 * Answers the accounts' ids, in the rows' order.
 */
export async function insertNewAccounts(
  ctx: AppContext,
  batchId: string,
  rows: readonly ValidRow[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const now = ctx.clock.now();
  // Handed out in sorted order, so the links' indexes on the id take the batch as appends rather
  // than at random pages; sorting leaves each id as unguessable as before.
  const linkIds = rows.map(newLinkId).sort();
  const tenants = rows.map((row) => ({
    id: newId(),
    name: row.name,
    email: row.email,
    other_emails: row.otherEmails,
    phone: row.phone,
    phone_kind: row.phoneKind,
    address: row.address,
    reference: row.reference,
    reference_key: row.referenceKey,
    search_text: tenantSearchText(row),
    match_key: row.matchKey,
    balance_pence: row.amountPence,
    owing_since: now,
    created_at: now,
    last_sheet_at: now,
  }));
  await ctx.db.insertInto('tenants').values(tenants).execute();
  await setImmediate();
  const links = rows.map((row, index) => ({
    ...newPaymentLinkRow(ctx, {
      id: linkIds[index],
      tenantId: tenants[index]!.id,
      amountPence: row.amountPence,
      batchId,
      batchRow: row.row,
    }),
    // Given here, so the database's fill-in trigger (migration 0009) need not update the link.
    search_text: tenants[index]!.search_text,
  }));
  await ctx.db.insertInto('payment_links').values(links).execute();
  return tenants.map((tenant) => tenant.id);
}
