import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/with-transaction.js';
import { writeAudit } from '../../lib/audit.js';
import { type RateLimit, takeAttempt } from '../../lib/rate-limit.js';
import { addAccountEvent, findOpenLink } from '../accounts/account-ledger.js';
import { issueLink } from '../accounts/issue-link.js';
import { sendPaymentLinkMessages } from '../messages/send-payment-link-messages.js';

const DAY_MS = 24 * 3_600_000;
/** Issue 29: at most once per link per 24 hours. */
const PER_LINK: RateLimit = { bucket: 'link-resend', max: 1, windowMs: DAY_MS };
/** One address asking for many links is someone trying ids, not a leaseholder. */
const PER_ADDRESS: RateLimit = { bucket: 'link-resend-ip', max: 10, windowMs: DAY_MS };

export type ResendOutcome =
  | 'limited'
  | 'unknown'
  | 'nothing-owed'
  | 'held'
  | 'erased'
  | 'turned-off'
  | 'resent'
  | 'new-link';

/**
 * POST /api/payment-link/{id}/resend ("Send me my current link" / "Send me a new link"): sends
 * the account's open link again, or, when none is open and staff allow it, a new link for the
 * balance, always to the contact details on file (nothing typed on the page is used). The answer
 * is the same whatever happened (the route says so), so the call tells a guesser nothing; what
 * happened is audited. Returns it for tests and the audit.
 */
export async function requestCurrentLink(
  ctx: AppContext,
  input: { linkId: string; ip: string },
): Promise<ResendOutcome> {
  const attempt = await takeAttempt(ctx, [
    { limit: PER_LINK, key: input.linkId },
    { limit: PER_ADDRESS, key: input.ip },
  ]);
  if (!attempt.isAllowed) return 'limited';
  return withTransaction(ctx, async (tx) => {
    const account = await tx.db
      .selectFrom('payment_links')
      .innerJoin('tenants', 'tenants.id', 'payment_links.tenant_id')
      .select(['tenants.id', 'tenants.balance_pence', 'tenants.hold_until', 'tenants.erased_at'])
      .where('payment_links.id', '=', input.linkId)
      // A payment being recorded is waited for (accountForNewLink says why); the account only,
      // locked first as the payment locks it, so the two never wait for each other.
      .$if(tx.engine === 'postgres', (query) => query.forUpdate('tenants'))
      .executeTakeFirst();
    if (!account) return 'unknown';
    const outcome = await resend(tx, account);
    await addAccountEvent(tx, {
      tenantId: account.id,
      kind: 'link_requested',
      actor: 'leaseholder',
      details: { outcome },
    });
    await writeAudit(tx.db, tx.clock, {
      actor: 'leaseholder',
      action: 'payment_link.resend_requested',
      subject: account.id,
      details: { outcome },
    });
    return outcome;
  });
}

async function resend(
  ctx: AppContext,
  account: {
    id: string;
    balance_pence: number;
    hold_until: number | null;
    erased_at: number | null;
  },
): Promise<ResendOutcome> {
  if (account.erased_at !== null) return 'erased';
  if (account.balance_pence <= 0) return 'nothing-owed';
  // Breathing Space and disputes: no new-link messages while held, even when asked.
  if (account.hold_until !== null && account.hold_until > ctx.clock.now()) return 'held';
  const open = await findOpenLink(ctx, account.id);
  if (open) {
    const day = Math.floor(ctx.clock.now() / DAY_MS);
    await sendPaymentLinkMessages(ctx, [open.id], {
      occasion: `resend:${day}`,
      detail: 'Sent again at the leaseholder’s request',
    });
    return 'resent';
  }
  if (!ctx.config.selfServiceNewLinks) return 'turned-off';
  const fresh = await issueLink(ctx, { tenantId: account.id, amountPence: account.balance_pence });
  await sendPaymentLinkMessages(ctx, [fresh], { detail: 'Requested by the leaseholder' });
  return 'new-link';
}
