import { type RawBuilder, type Selectable, sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { TenantsTable } from '../../db/schema.js';
import { tenantSearchText } from '../payment-links/tenant-search-text.js';
import {
  leavesOutAccents,
  leavesOutTitles,
  matchKeyOf,
  referenceKeyOf,
  samePlace,
} from './account-keys.js';
import { type AccountEvent, addAccountEvents } from './account-ledger.js';

export interface ContactDetails {
  name: string;
  email: string | null;
  /** Joint leaseholders' other addresses, ', '-separated; copied on every email. */
  otherEmails: string | null;
  /** E.164. */
  phone: string | null;
  phoneKind: 'mobile' | 'landline' | null;
  address: string;
  reference: string | null;
}

const FIELDS = [
  ['name', 'name'],
  ['email', 'email'],
  ['otherEmails', 'other_emails'],
  ['phone', 'phone'],
  ['phoneKind', 'phone_kind'],
  ['address', 'address'],
  ['reference', 'reference'],
] as const;

/**
 * Brings the account's contact details up to date (a newer upload row, or staff's edit); the old
 * values stay in its history. Returns whether anything changed.
 */
export async function updateContact(
  ctx: AppContext,
  account: Selectable<TenantsTable>,
  next: ContactDetails,
  actor: string,
): Promise<boolean> {
  return (await updateContacts(ctx, [{ account, next }], actor)) > 0;
}

/**
 * `updateContact` for many accounts (an upload's slice of rows) in two statements: only those
 * whose details differ are written. A blank email, phone or reference in an upload row keeps the
 * one on file: a sheet without the column, or a ledger that left a cell empty, must not wipe how
 * to reach the leaseholder (staff remove one by editing). So does a blank name or address (a
 * row owing nothing, found by its reference alone), a name written without the title or accents
 * on file, and the address on file written more shortly ('1 Riverside Ct' for 'Flat 1, Riverside Court,
 * London SE1 9AA'). Returns how many changed.
 */
export async function updateContacts(
  ctx: AppContext,
  changes: readonly { account: Selectable<TenantsTable>; next: ContactDetails }[],
  actor: string,
): Promise<number> {
  const isUpload = actor === 'upload';
  const rows: RawBuilder<unknown>[] = [];
  const events: AccountEvent[] = [];
  for (const { account, next } of changes) {
    const wanted: ContactDetails = {
      ...next,
      name:
        !next.name ||
        (isUpload &&
          (leavesOutTitles(account.name, next.name) || leavesOutAccents(account.name, next.name)))
          ? account.name
          : next.name,
      // One place written two ways (another system's export): the fuller writing stays.
      address:
        !next.address ||
        (isUpload &&
          samePlace(account.address, next.address) &&
          account.address.length >= next.address.length)
          ? account.address
          : next.address,
      email: next.email ?? (isUpload ? account.email : null),
      // An email cell is the whole list: a sheet naming only one of the joint leaseholders drops
      // the other; a blank cell keeps both.
      otherEmails: next.email ? next.otherEmails : isUpload ? account.other_emails : null,
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
    if (Object.keys(after).length === 0) continue;
    rows.push(
      sql`(${account.id}, ${wanted.name}, ${wanted.email}, ${wanted.phone}, ${wanted.phoneKind},
        ${wanted.address}, ${wanted.reference}, ${referenceKeyOf(wanted.reference)},
        ${matchKeyOf(wanted.name, wanted.address)}, ${tenantSearchText(wanted)},
        ${wanted.otherEmails})`,
    );
    events.push({
      tenantId: account.id,
      kind: 'contact_changed',
      actor,
      details: { before, after },
    });
  }
  if (rows.length === 0) return 0;
  // VALUES columns are column1… on both engines; every one of these is text.
  await sql`update tenants set name = v.column2, email = v.column3, phone = v.column4,
      phone_kind = v.column5, address = v.column6, reference = v.column7, reference_key = v.column8,
      match_key = v.column9, search_text = v.column10, other_emails = v.column11,
      updated_at = ${ctx.clock.now()}
    from (values ${sql.join(rows)}) as v
    where tenants.id = v.column1`.execute(ctx.db);
  await addAccountEvents(ctx, events);
  return rows.length;
}
