import { TZDate } from '@date-fns/tz';
import { endOfDay, format } from 'date-fns';
import { sql } from 'kysely';
import { UK_TIME_ZONE } from '../../../shared/dates.js';
import type { HoldRequest } from '../../../shared/leaseholders.js';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/with-transaction.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { ukDayStart } from '../../lib/uk-day.js';
import { resumeAfterHold } from '../messages/resume-after-hold.js';
import { addAccountEvent } from './account-ledger.js';
import { findAccount } from './get-account.js';

/** A hold longer than this is a typo (Breathing Space lasts 60 days; a mental health one, longer). */
const MAX_HOLD_DAYS = 400;

/** The end of `day` (YYYY-MM-DD) in the UK, as epoch ms: a hold "until 5 March" covers 5 March. */
function endOfUkDay(day: string): number {
  return endOfDay(ukDayStart(day)).getTime();
}

/**
 * POST /api/leaseholders/{id}/hold: no reminders and no new-link messages until the end of that
 * day (queued ones wait: send-message-job.ts, send-reminder-job.ts); payments are still taken.
 * The hold ends by itself on its date.
 */
export async function holdChasing(
  ctx: AppContext,
  tenantId: string,
  request: HoldRequest,
): Promise<void> {
  const until = endOfUkDay(request.until);
  const now = ctx.clock.now();
  if (until <= now) throw new AppError('INVALID_REQUEST', 'Choose a date after today.');
  if (until - now > MAX_HOLD_DAYS * 24 * 3_600_000) {
    throw new AppError('INVALID_REQUEST', `A hold can last at most ${MAX_HOLD_DAYS} days.`);
  }
  await withTransaction(ctx, async (tx) => {
    await findAccount(tx, tenantId);
    await tx.db
      .updateTable('tenants')
      .set({ hold_until: until, hold_reason: request.reason, updated_at: now })
      .where('id', '=', tenantId)
      .execute();
    await addAccountEvent(tx, {
      tenantId,
      kind: 'hold_started',
      actor: 'admin',
      text: request.reason,
      details: { until: request.until },
    });
    await writeAudit(tx.db, tx.clock, {
      actor: 'admin',
      action: 'leaseholder.hold_started',
      subject: tenantId,
      details: { until: request.until },
    });
  });
}

/** DELETE /api/leaseholders/{id}/hold: chasing resumes now; waiting messages go out. */
export async function endHold(ctx: AppContext, tenantId: string): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const account = await findAccount(tx, tenantId);
    if (account.hold_until === null || account.hold_until <= tx.clock.now()) return;
    await tx.db
      .updateTable('tenants')
      .set({ hold_until: null, hold_reason: null, updated_at: tx.clock.now() })
      .where('id', '=', tenantId)
      .execute();
    // This leaseholder's reminders and messages deferred to the hold's end (or, before decision
    // 0015, to its very moment) run now instead. Others' jobs may be due at that very moment
    // (links end at 10:00), so only jobs of this account's links and messages move.
    const links = () => tx.db.selectFrom('payment_links').where('tenant_id', '=', tenantId);
    await tx.db
      .updateTable('jobs')
      .set({ run_at: tx.clock.now() })
      .where('status', '=', 'queued')
      .where('run_at', 'in', [account.hold_until, resumeAfterHold(account.hold_until)])
      .where((eb) =>
        eb.or([
          eb('cancel_key', 'in', links().select(sql<string>`'reminders:' || id`.as('key'))),
          eb(
            'idempotency_key',
            'in',
            tx.db
              .selectFrom('messages')
              .select(sql<string>`'send:' || messages.id`.as('key'))
              .where('link_id', 'in', links().select('id')),
          ),
        ]),
      )
      .execute();
    await addAccountEvent(tx, {
      tenantId,
      kind: 'hold_ended',
      actor: 'admin',
      details: { heldUntil: format(new TZDate(account.hold_until, UK_TIME_ZONE), 'yyyy-MM-dd') },
    });
    await writeAudit(tx.db, tx.clock, {
      actor: 'admin',
      action: 'leaseholder.hold_ended',
      subject: tenantId,
    });
  });
}
