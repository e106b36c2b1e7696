import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { TenantsTable } from '../../db/schema.js';
import { tenantSearchText } from '../payment-links/tenant-search-text.js';
import { matchKeyOf, referenceKeyOf } from './account-keys.js';
import { addAccountEvent } from './account-ledger.js';

export interface ContactDetails {
  name: string;
  email: string | null;
  /** E.164. */
  phone: string | null;
  phoneKind: 'mobile' | 'landline' | null;
  address: string;
  reference: string | null;
}

const FIELDS = [
  ['name', 'name'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['phoneKind', 'phone_kind'],
  ['address', 'address'],
  ['reference', 'reference'],
] as const;

/**
 * Brings the account's contact details up to date (a newer upload row, or staff's edit); the old
 * values stay in its history. A blank email, phone or reference in an upload row keeps the one on
 * file: a sheet without the column, or a ledger that left a cell empty, must not wipe how to
 * reach the leaseholder (staff remove one by editing). Returns whether anything changed.
 */
export async function updateContact(
  ctx: AppContext,
  account: Selectable<TenantsTable>,
  next: ContactDetails,
  actor: string,
): Promise<boolean> {
  const isUpload = actor === 'upload';
  const wanted: ContactDetails = {
    ...next,
    email: next.email ?? (isUpload ? account.email : null),
    phone: next.phone ?? (isUpload ? account.phone : null),
    phoneKind: next.phone ? next.phoneKind : isUpload ? account.phone_kind : null,
    reference: next.reference ?? (isUpload ? account.reference : null),
  };
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [field, column] of FIELDS) {
    if ((account[column] ?? null) === (wanted[field] ?? null)) continue;
    before[field] = account[column];
    after[field] = wanted[field];
  }
  if (Object.keys(after).length === 0) return false;
  await ctx.db
    .updateTable('tenants')
    .set({
      name: wanted.name,
      email: wanted.email,
      phone: wanted.phone,
      phone_kind: wanted.phoneKind,
      address: wanted.address,
      reference: wanted.reference,
      reference_key: referenceKeyOf(wanted.reference),
      match_key: matchKeyOf(wanted.name, wanted.address),
      search_text: tenantSearchText(wanted),
      updated_at: ctx.clock.now(),
    })
    .where('id', '=', account.id)
    .execute();
  await addAccountEvent(ctx, {
    tenantId: account.id,
    kind: 'contact_changed',
    actor,
    details: { before, after },
  });
  return true;
}
