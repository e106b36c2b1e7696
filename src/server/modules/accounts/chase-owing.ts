import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { ChasePreview, ChaseResult } from '../../../shared/chase.js';
import { sociableTime } from '../../../shared/expiry.js';
import type { AppContext } from '../../context.js';
import { BULK_LINK_WRITES, lockKeys } from '../../db/key-locks.js';
import { withTransaction } from '../../db/with-transaction.js';
import { writeAudit } from '../../lib/audit.js';
import { sendPaymentLinkMessages } from '../messages/send-payment-link-messages.js';
import { issueLinks } from './issue-link.js';
import { filteredAccounts, offSheetsBefore } from './list-accounts.js';

/** Accounts made and sent links per transaction, as an upload's slice is. */
const SLICE = 500;

/** The message log's word for why these links went. */
export const CHASE_DETAIL = 'Sent by staff: chasing everyone owing';

/** What the accounts a chase may reach are tested on, at `now`. */
function conditions(now: number) {
  const notHeld = sql<SqlBool>`(tenants.hold_until is null or tenants.hold_until <= ${now})`;
  const reachable = sql<SqlBool>`(tenants.email is not null or tenants.phone_kind = 'mobile')`;
  const since = offSheetsBefore(now);
  const onSheets = sql<SqlBool>`(tenants.last_sheet_at is null or tenants.last_sheet_at >= ${since})`;
  const chased = sql<SqlBool>`${notHeld} and ${reachable} and ${onSheets}`;
  return { notHeld, reachable, onSheets, chased };
}

/** Accounts that owe, were not erased, and have no open link: the list's "Owing, no open link". */
function owingWithoutOpenLink(ctx: AppContext) {
  return filteredAccounts(ctx, { status: 'no_link' }, false);
}

/** GET /api/leaseholders/chase: who a chase would send to now, and who it would leave out. */
export async function previewChase(ctx: AppContext): Promise<ChasePreview> {
  const now = ctx.clock.now();
  const { notHeld, reachable, onSheets, chased } = conditions(now);
  const count = (test: RawBuilder<SqlBool>) =>
    sql<number | string | null>`sum(case when ${test} then 1 else 0 end)`;
  const row = await owingWithoutOpenLink(ctx)
    .select([
      count(chased).as('accounts'),
      sql<
        number | string | null
      >`sum(case when ${chased} then tenants.balance_pence else 0 end)`.as('owed'),
      count(sql<SqlBool>`not ${notHeld}`).as('on_hold'),
      count(sql<SqlBool>`${notHeld} and not ${reachable}`).as('no_contact'),
      count(sql<SqlBool>`${notHeld} and ${reachable} and not ${onSheets}`).as('off_sheets'),
    ])
    .executeTakeFirstOrThrow();
  return {
    accounts: Number(row.accounts ?? 0),
    owedPence: Number(row.owed ?? 0),
    onHold: Number(row.on_hold ?? 0),
    noContact: Number(row.no_contact ?? 0),
    offSheets: Number(row.off_sheets ?? 0),
    sendsAt: new Date(sociableTime(now)).toISOString(),
  };
}

/**
 * POST /api/leaseholders/chase: a new link for the whole balance to every account the preview
 * counts, a slice per transaction. Each slice holds the bulk-link-writes lock (as an upload
 * does), locks its accounts, then reads them again, so a link sent or a payment recorded
 * meanwhile is seen: pressing twice, or in two tabs, sends nobody a second link. The messages go
 * at once by day; pressed at night they wait for 10:00, as automatic ones do (decision 0015): a
 * bulk send must not buzz hundreds of phones at night.
 */
export async function chaseOwing(ctx: AppContext): Promise<ChaseResult> {
  let sent = 0;
  let owedPence = 0;
  let after = '';
  const sendAt = sociableTime(ctx.clock.now());
  for (;;) {
    const slice = await withTransaction(ctx, async (tx) => {
      await lockKeys(tx.db, tx.engine, [BULK_LINK_WRITES]);
      const now = tx.clock.now();
      const chaseable = () =>
        owingWithoutOpenLink(tx)
          .where(conditions(now).chased)
          .select(['tenants.id', 'tenants.balance_pence']);
      const found = await chaseable()
        .where('tenants.id', '>', after)
        .orderBy('tenants.id')
        .limit(SLICE)
        .$if(tx.engine === 'postgres', (query) => query.forUpdate())
        .execute();
      if (found.length === 0) return { found, chased: [] };
      // Under the row locks, a fresh read: anything committed while waiting for them counts.
      const chased =
        tx.engine === 'postgres'
          ? await chaseable()
              .where(
                'tenants.id',
                'in',
                found.map((account) => account.id),
              )
              .execute()
          : found;
      const linkIds = await issueLinks(
        tx,
        chased.map((account) => ({ tenantId: account.id, amountPence: account.balance_pence })),
      );
      await sendPaymentLinkMessages(tx, linkIds, { detail: CHASE_DETAIL, sendAt });
      return { found, chased };
    });
    sent += slice.chased.length;
    owedPence += slice.chased.reduce((sum, account) => sum + account.balance_pence, 0);
    if (slice.found.length < SLICE) break;
    after = slice.found.at(-1)!.id;
  }
  await writeAudit(ctx.db, ctx.clock, {
    actor: 'admin',
    action: 'leaseholders.chased',
    details: { accounts: sent, owedPence },
  });
  return { sent, owedPence, sendsAt: new Date(sendAt).toISOString() };
}
