import {
  type ContactUpdate,
  isEmailAddress,
  MAX_OTHER_EMAILS,
  splitEmails,
} from '../../../shared/leaseholders.js';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/with-transaction.js';
import { writeAudit } from '../../lib/audit.js';
import { copiesBeside, emailsOf, storedEmails } from '../../lib/email-list.js';
import { AppError } from '../../lib/errors.js';
import { parsePhone } from '../uploads/parse-phone.js';
import { referenceKeyOf } from './account-keys.js';
import { findAccount } from './get-account.js';
import { updateContact } from './update-contact.js';

/**
 * PATCH /api/leaseholders/{id}: staff correct the contact details, checked by the upload's own
 * rules (an email or a mobile to reach them; phones stored as E.164). The old values stay in
 * the account's history.
 */
export function editContact(ctx: AppContext, tenantId: string, update: ContactUpdate) {
  const email = update.email ? update.email.toLowerCase() : null;
  if (email && !isEmailAddress(email)) {
    throw new AppError('INVALID_REQUEST', `"${update.email}" is not a valid email address.`);
  }
  const phone = update.phone ? parsePhone(update.phone) : null;
  if (update.phone && !phone) {
    throw new AppError('INVALID_REQUEST', `"${update.phone}" is not a valid phone number.`);
  }
  const otherEmails =
    update.otherEmails === undefined ? undefined : readOtherEmails(update.otherEmails, email);
  if (!email && phone?.kind !== 'mobile') {
    throw new AppError(
      'INVALID_REQUEST',
      'An email address or a mobile number is required to reach the leaseholder.',
    );
  }
  return withTransaction(ctx, async (tx) => {
    const account = await findAccount(tx, tenantId);
    if (account.erased_at !== null) {
      throw new AppError('CONFLICT', "This leaseholder's personal data was erased.");
    }
    const referenceKey = referenceKeyOf(update.reference);
    if (referenceKey) {
      const taken = await tx.db
        .selectFrom('tenants')
        .select('id')
        .where('reference_key', '=', referenceKey)
        .where('id', '<>', tenantId)
        .executeTakeFirst();
      if (taken) {
        throw new AppError(
          'CONFLICT',
          `Account Reference ${update.reference} belongs to another leaseholder.`,
        );
      }
    }
    const changed = await updateContact(
      tx,
      account,
      {
        name: update.name,
        email,
        otherEmails:
          otherEmails === undefined
            ? storedEmails(copiesBeside(email, emailsOf(account.other_emails)))
            : otherEmails,
        phone: phone?.e164 ?? null,
        phoneKind: phone?.kind ?? null,
        address: update.address,
        reference: update.reference || null,
      },
      'admin',
    );
    if (changed) {
      await writeAudit(tx.db, tx.clock, {
        actor: 'admin',
        action: 'leaseholder.contact_changed',
        subject: tenantId,
      });
    }
    return { changed };
  });
}

/** The joint leaseholders' addresses as typed: each valid, none the main one, each once. */
function readOtherEmails(text: string | null, main: string | null): string | null {
  const typed = splitEmails(text ?? '');
  const bad = typed.find((address) => !isEmailAddress(address));
  if (bad !== undefined) {
    throw new AppError('INVALID_REQUEST', `"${bad}" is not a valid email address.`);
  }
  const copies = copiesBeside(main, typed);
  if (copies.length > 0 && !main) {
    throw new AppError(
      'INVALID_REQUEST',
      'Enter the email address first: the other addresses are copied on its emails.',
    );
  }
  if (copies.length > MAX_OTHER_EMAILS) {
    throw new AppError(
      'INVALID_REQUEST',
      `At most ${MAX_OTHER_EMAILS} other email addresses can be copied in.`,
    );
  }
  return storedEmails(copies);
}
