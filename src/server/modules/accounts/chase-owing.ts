import { setImmediate } from 'node:timers/promises';
import { type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import { z } from 'zod';
import type { ChasePreview, ChaseProgress } from '../../../shared/chase.js';
import { sociableTime } from '../../../shared/expiry.js';
import type { AppContext } from '../../context.js';
import { BULK_LINK_WRITES, lockKeys } from '../../db/key-locks.js';
import type { ChasesTable } from '../../db/schema.js';
import { withTransaction } from '../../db/with-transaction.js';
import { DeferJob } from '../../jobs/defer-job.js';
import { enqueueJob } from '../../jobs/enqueue-job.js';
import type { JobHandler } from '../../jobs/job-types.js';
import { PermanentJobError } from '../../jobs/permanent-job-error.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { sendPaymentLinkMessages } from '../messages/send-payment-link-messages.js';
import { filteredAccounts, offSheetsBefore, sharesFlat } from './account-filters.js';
import { issueLinks } from './issue-link.js';

/**
 * Accounts sent links per transaction: small, because on SQLite every other request waits for
 * the slice's transaction to end.
 */
const SLICE = 100;
/** Slices per run of the job, well inside its lease; then it yields and is claimed again. */
const SLICES_PER_RUN = 50;

export const CHASE_JOB = 'chase-owing';
const chaseJobKey = (chaseId: string) => `chase:${chaseId}`;
const ChaseJobPayload = z.object({ chaseId: z.string() });

/** The message log's word for why these links went. */
export const CHASE_DETAIL = 'Sent by staff: chasing everyone owing';

/** What the accounts a chase may reach are tested on, at `now`. */
function conditions(now: number) {
  const notHeld = sql<SqlBool>`(tenants.hold_until is null or tenants.hold_until <= ${now})`;
  // A mobile that replied STOP takes no WhatsApp or text: without an email, nothing reaches them.
  const reachable = sql<SqlBool>`(tenants.email is not null or (tenants.phone_kind = 'mobile'
    and not exists (select 1 from text_opt_outs where text_opt_outs.phone = tenants.phone)))`;
  const since = offSheetsBefore(now);
  const onSheets = sql<SqlBool>`(tenants.last_sheet_at is null or tenants.last_sheet_at >= ${since})`;
  const chased = sql<SqlBool>`${notHeld} and ${reachable} and ${onSheets}`;
  return { notHeld, reachable, onSheets, chased };
}

/** Accounts that owe, were not erased, and have no open link: the list's "Owing, no open link". */
function owingWithoutOpenLink(ctx: AppContext) {
  return filteredAccounts(ctx, { status: 'no_link' }, false);
}

/** Who a chase would reach at `now`, and who it would leave out, and why. */
async function countChase(ctx: AppContext, now: number) {
  const { notHeld, reachable, onSheets, chased } = conditions(now);
  const count = (test: RawBuilder<SqlBool>) =>
    sql<number | string | null>`sum(case when ${test} then 1 else 0 end)`;
  const row = await owingWithoutOpenLink(ctx)
    .select((eb) => [
      count(chased).as('accounts'),
      sql<
        number | string | null
      >`sum(case when ${chased} then tenants.balance_pence else 0 end)`.as('owed'),
      count(sql<SqlBool>`not ${notHeld}`).as('on_hold'),
      count(sql<SqlBool>`${notHeld} and not ${reachable}`).as('no_contact'),
      count(sql<SqlBool>`${notHeld} and ${reachable} and not ${onSheets}`).as('off_sheets'),
      count(sql<SqlBool>`${chased} and ${sharesFlat(ctx)(eb)}`).as('same_flat'),
    ])
    .executeTakeFirstOrThrow();
  return {
    accounts: Number(row.accounts ?? 0),
    owedPence: Number(row.owed ?? 0),
    onHold: Number(row.on_hold ?? 0),
    noContact: Number(row.no_contact ?? 0),
    offSheets: Number(row.off_sheets ?? 0),
    sameFlat: Number(row.same_flat ?? 0),
  };
}

/** A chase as staff see it; `stopped` when its job is dead (System lists it, with Retry). */
async function progressOf(ctx: AppContext, chase: Selectable<ChasesTable>): Promise<ChaseProgress> {
  const job =
    chase.finished_at === null
      ? await ctx.db
          .selectFrom('jobs')
          .select('status')
          .where('idempotency_key', '=', chaseJobKey(chase.id))
          .executeTakeFirst()
      : undefined;
  const iso = (at: number) => new Date(at).toISOString();
  return {
    id: chase.id,
    state: chase.finished_at !== null ? 'finished' : job?.status === 'dead' ? 'stopped' : 'running',
    planned: chase.planned,
    sent: chase.sent,
    owedPence: Number(chase.owed_pence),
    startedAt: iso(chase.started_at),
    sendsAt: iso(chase.sends_at),
    finishedAt: chase.finished_at === null ? null : iso(chase.finished_at),
  };
}

/** The newest chase not yet finished, running or stopped; a new chase waits for a running one. */
async function unfinishedChase(ctx: AppContext): Promise<ChaseProgress | null> {
  const chase = await ctx.db
    .selectFrom('chases')
    .selectAll()
    .where('finished_at', 'is', null)
    .orderBy('started_at', 'desc')
    .executeTakeFirst();
  return chase ? progressOf(ctx, chase) : null;
}

/** GET /api/leaseholders/chase: who a chase would send to now, and who it would leave out. */
export async function previewChase(ctx: AppContext): Promise<ChasePreview> {
  const now = ctx.clock.now();
  const [counts, running] = await Promise.all([countChase(ctx, now), unfinishedChase(ctx)]);
  return { ...counts, sendsAt: new Date(sociableTime(now)).toISOString(), running };
}

/** GET /api/leaseholders/chase/:chaseId: how far a chase has got. */
export async function getChase(ctx: AppContext, chaseId: string): Promise<ChaseProgress> {
  const chase = await ctx.db
    .selectFrom('chases')
    .selectAll()
    .where('id', '=', chaseId)
    .executeTakeFirst();
  if (!chase) throw new AppError('NOT_FOUND', 'No such chase.');
  return progressOf(ctx, chase);
}

/**
 * POST /api/leaseholders/chase: starts a chase, a new link for the whole balance to every account
 * the preview counts, and answers at once; its job does the work. Under the bulk-link-writes
 * lock, so pressing twice, or in two tabs, answers the chase already running instead of a
 * second one.
 */
export async function startChase(ctx: AppContext): Promise<ChaseProgress> {
  return withTransaction(ctx, async (tx) => {
    await lockKeys(tx.db, tx.engine, [BULK_LINK_WRITES]);
    const running = await unfinishedChase(tx);
    if (running?.state === 'running') return running;
    const now = tx.clock.now();
    const counts = await countChase(tx, now);
    const chase = {
      id: newId(),
      started_at: now,
      sends_at: sociableTime(now),
      planned: counts.accounts,
      sent: 0,
      owed_pence: 0,
      after_id: '',
      finished_at: null,
    };
    await tx.db.insertInto('chases').values(chase).execute();
    await enqueueJob(
      tx.db,
      { kind: CHASE_JOB, payload: { chaseId: chase.id }, idempotencyKey: chaseJobKey(chase.id) },
      tx.clock,
    );
    return progressOf(tx, chase);
  });
}

/**
 * The chase's job: slice after slice until every account is reached, then yields to be claimed
 * again (DeferJob), so no run outlasts its lease. A run that dies mid-way is taken up again
 * where the last committed slice left it.
 */
export const chaseOwingJob: JobHandler = async (payload, ctx) => {
  const parsed = ChaseJobPayload.safeParse(payload);
  if (!parsed.success) throw new PermanentJobError('the payload names no chase');
  for (let slice = 0; slice < SLICES_PER_RUN; slice += 1) {
    if (await chaseSlice(ctx, parsed.data.chaseId)) return;
    // SQLite answers synchronously: give other requests a turn between slices.
    await setImmediate();
  }
  throw new DeferJob(ctx.clock.now(), 'The chase goes on with its next accounts');
};

/**
 * One slice of a chase, in one transaction: holds the bulk-link-writes lock (as an upload does),
 * reads where the chase got to, locks the next accounts, then reads them again, so a link sent
 * or a payment recorded meanwhile is seen and nobody gets a second link. Messages go at once by
 * day and wait for 10:00 at night, as automatic ones do (decision 0015): a bulk send must not
 * buzz hundreds of phones at night. Answers whether the chase is finished.
 */
export async function chaseSlice(ctx: AppContext, chaseId: string): Promise<boolean> {
  return withTransaction(ctx, async (tx) => {
    await lockKeys(tx.db, tx.engine, [BULK_LINK_WRITES]);
    const chase = await tx.db
      .selectFrom('chases')
      .selectAll()
      .where('id', '=', chaseId)
      .executeTakeFirst();
    if (!chase) throw new PermanentJobError(`there is no chase ${chaseId}`);
    if (chase.finished_at !== null) return true;
    const now = tx.clock.now();
    const chaseable = () =>
      owingWithoutOpenLink(tx)
        .where(conditions(now).chased)
        .select(['tenants.id', 'tenants.balance_pence']);
    const found = await chaseable()
      .where('tenants.id', '>', chase.after_id)
      .orderBy('tenants.id')
      .limit(SLICE)
      .$if(tx.engine === 'postgres', (query) => query.forUpdate())
      .execute();
    // Under the row locks, a fresh read: anything committed while waiting for them counts.
    const chased =
      tx.engine === 'postgres' && found.length > 0
        ? await chaseable()
            .where(
              'tenants.id',
              'in',
              found.map((account) => account.id),
            )
            .execute()
        : found;
    if (chased.length > 0) {
      const linkIds = await issueLinks(
        tx,
        chased.map((account) => ({ tenantId: account.id, amountPence: account.balance_pence })),
      );
      await sendPaymentLinkMessages(tx, linkIds, {
        detail: CHASE_DETAIL,
        sendAt: sociableTime(now),
      });
    }
    const sent = chase.sent + chased.length;
    const owedPence =
      Number(chase.owed_pence) + chased.reduce((sum, account) => sum + account.balance_pence, 0);
    const isFinished = found.length < SLICE;
    await tx.db
      .updateTable('chases')
      .set({
        sent,
        owed_pence: owedPence,
        after_id: found.at(-1)?.id ?? chase.after_id,
        finished_at: isFinished ? now : null,
      })
      .where('id', '=', chaseId)
      .execute();
    if (isFinished) {
      await writeAudit(tx.db, tx.clock, {
        actor: 'admin',
        action: 'leaseholders.chased',
        details: { accounts: sent, owedPence },
      });
    }
    return isFinished;
  });
}
