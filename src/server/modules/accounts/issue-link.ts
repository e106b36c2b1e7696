import { formatDate } from '../../../shared/dates.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { newLinkId, newPaymentLinkRow } from '../payment-links/new-payment-link-row.js';
import { closeOpenLinks } from './account-ledger.js';
import { findAccount } from './get-account.js';

export const NOTHING_OWED_MESSAGE =
  'Nothing is owed on this account, so there is no balance to send a link for.';

export function heldMessage(holdUntil: number): string {
  return `Chasing is on hold for this leaseholder until ${formatDate(holdUntil)}. End the hold on their page to send a link.`;
}

/**
 * The account as a new link needs it; refuses when there is nothing to ask for. In the caller's
 * transaction, a payment being recorded is waited for, so a link never asks for what was just paid.
 */
export async function accountForNewLink(ctx: AppContext, tenantId: string) {
  const account = await findAccount(ctx, tenantId, { forUpdate: true });
  if (account.erased_at !== null) {
    throw new AppError(
      'CONFLICT',
      "This leaseholder's personal data was erased: they cannot be sent links.",
    );
  }
  if (account.balance_pence <= 0) throw new AppError('CONFLICT', NOTHING_OWED_MESSAGE);
  if (account.hold_until !== null && account.hold_until > ctx.clock.now()) {
    throw new AppError('CONFLICT', heldMessage(account.hold_until));
  }
  return account;
}

export interface NewLink {
  tenantId: string;
  amountPence: number;
  batchId?: string | null;
  batchRow?: number;
}

/**
 * A new link for what the account owes now, replacing its open link (one live link per account:
 * the old one is closed as replaced, its reminders cancelled). Run it in the caller's
 * transaction; the caller sends it. Returns the new link's id.
 */
export async function issueLink(ctx: AppContext, input: NewLink): Promise<string> {
  const [id] = await issueLinks(ctx, [input]);
  return id!;
}

/** issueLink for several accounts, one each, in a few statements (an upload's slice of rows). */
export async function issueLinks(ctx: AppContext, inputs: readonly NewLink[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  // In sorted order, so the links' indexes on the id take them as appends (reconcile-rows.ts).
  const ids = inputs.map(newLinkId).sort();
  const links = inputs.map((input, index) =>
    newPaymentLinkRow(ctx, {
      id: ids[index],
      tenantId: input.tenantId,
      amountPence: input.amountPence,
      batchId: input.batchId ?? null,
      ...(input.batchRow === undefined ? {} : { batchRow: input.batchRow }),
    }),
  );
  await ctx.db.insertInto('payment_links').values(links).execute();
  await closeOpenLinks(
    ctx,
    'replaced',
    inputs.map((input, index) => ({ tenantId: input.tenantId, replacedBy: ids[index] })),
  );
  return ids;
}
