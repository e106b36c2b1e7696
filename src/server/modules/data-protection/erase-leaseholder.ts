import {
  ALREADY_ERASED_MESSAGE,
  ERASE_NOT_CONFIRMED_MESSAGE,
  ERASED_ADDRESS,
  ERASED_NAME,
  type EraseLeaseholderResult,
  isEraseConfirmed,
} from '../../../shared/data-protection.js';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/with-transaction.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { findAccount } from '../accounts/get-account.js';
import { cancelReminders } from '../messages/cancel-reminders.js';
import { tenantSearchText } from '../payment-links/tenant-search-text.js';
import { anonymiseMessages } from './anonymise-messages.js';

/**
 * Erasure (UK GDPR article 17), confirmed by the clerk typing the leaseholder's name or ERASE:
 * name, contact details, address, search text, notes and the contents and recipients of every
 * message are overwritten; call-back requests and replies on no account from the account's phone
 * are deleted (a STOP it sent is kept, so it is never texted again). Amounts, dates, payments
 * and the account reference stay, because the agent must keep its financial records (six years).
 * From then on the account is never messaged: queued messages and reminders are cancelled here,
 * and queueMessages and the send job refuse erased accounts. One transaction; the account row is
 * claimed first, so two erasures at once erase once.
 */
export function eraseLeaseholder(
  ctx: AppContext,
  id: string,
  confirm: string,
): Promise<EraseLeaseholderResult> {
  return withTransaction(ctx, async (tx) => {
    const account = await findAccount(tx, id);
    if (account.erased_at !== null) throw new AppError('CONFLICT', ALREADY_ERASED_MESSAGE);
    if (!isEraseConfirmed(confirm, account.name)) {
      throw new AppError('INVALID_REQUEST', ERASE_NOT_CONFIRMED_MESSAGE);
    }

    const now = tx.clock.now();
    const erased = { name: ERASED_NAME, email: null, address: ERASED_ADDRESS };
    const claimed = await tx.db
      .updateTable('tenants')
      .set({
        ...erased,
        other_emails: null,
        phone: null,
        phone_kind: null,
        search_text: tenantSearchText(erased),
        // No upload row can match an erased account by name and address any more.
        match_key: `erased:${id}`,
        hold_reason: null,
        erased_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('erased_at', 'is', null)
      .executeTakeFirst();
    if (claimed.numUpdatedRows === 0n) throw new AppError('CONFLICT', ALREADY_ERASED_MESSAGE);

    await eraseAccountEvents(tx, id);
    const links = await tx.db
      .selectFrom('payment_links')
      .select('id')
      .where('tenant_id', '=', id)
      .execute();
    await cancelReminders(
      tx,
      links.map((link) => link.id),
    );
    const messageIds = links.length
      ? (
          await tx.db
            .selectFrom('messages')
            .select('id')
            .where(
              'link_id',
              'in',
              links.map((link) => link.id),
            )
            .execute()
        ).map((row) => row.id)
      : [];
    await anonymiseMessages(tx, messageIds);
    const callbacks = account.phone
      ? await tx.db
          .deleteFrom('callback_requests')
          .where('phone_number', '=', account.phone)
          .executeTakeFirst()
      : { numDeletedRows: 0n };
    if (account.phone) {
      await tx.db.deleteFrom('unmatched_replies').where('phone', '=', account.phone).execute();
    }

    const counts = {
      messages: messageIds.length,
      callbackRequests: Number(callbacks.numDeletedRows),
    };
    await tx.db
      .insertInto('account_events')
      .values({
        tenant_id: id,
        at: now,
        kind: 'erased',
        actor: 'admin',
        text: null,
        details: JSON.stringify(counts),
      })
      .execute();
    await writeAudit(tx.db, tx.clock, {
      actor: 'admin',
      action: 'leaseholder.erased',
      subject: id,
      details: counts,
    });
    return { id, reference: account.reference, erasedAt: new Date(now).toISOString(), ...counts };
  });
}

/**
 * The account's own history keeps what happened and when, and its figures (amounts, counts,
 * dates, ids), but loses what people wrote (notes, hold reasons) and every other text in its
 * details, such as the old and new contact details of a change.
 */
async function eraseAccountEvents(tx: AppContext, tenantId: string): Promise<void> {
  const events = await tx.db
    .selectFrom('account_events')
    .select(['id', 'details'])
    .where('tenant_id', '=', tenantId)
    .execute();
  for (const event of events) {
    await tx.db
      .updateTable('account_events')
      .set({ text: null, details: figuresOnly(event.details) })
      .where('id', '=', event.id)
      .execute();
  }
}

/** A date (2026-03-02, or an ISO time) or one of our UUIDv7 ids: no one's personal data. */
const FIGURE_TEXT =
  /^(\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?|[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12})$/;

function figuresOnly(details: string | null): string | null {
  if (details === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(details);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const kept = Object.entries(parsed).filter(
    ([, value]) =>
      typeof value === 'number' ||
      typeof value === 'boolean' ||
      (typeof value === 'string' && FIGURE_TEXT.test(value)),
  );
  return kept.length ? JSON.stringify(Object.fromEntries(kept)) : null;
}
