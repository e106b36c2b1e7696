import type { AppContext } from '../../context.js';
import type { NewJob } from '../../jobs/enqueue-job.js';
import { enqueueJobs } from '../../jobs/enqueue-jobs.js';
import { remindersCancelKey, SEND_REMINDER_JOB } from './job-kinds.js';

const HOUR_MS = 60 * 60 * 1000;

export type ReminderKind = 'reminder_24h' | 'reminder_1h';

/** Spec section 7: reminders 24 hours and 1 hour before a link expires. */
export const REMINDERS: readonly { kind: ReminderKind; beforeExpiryMs: number }[] = [
  { kind: 'reminder_24h', beforeExpiryMs: 24 * HOUR_MS },
  { kind: 'reminder_1h', beforeExpiryMs: HOUR_MS },
];

/**
 * Schedules the links' reminder jobs at exactly expiry−24h and expiry−1h; one whose time has
 * already passed (a link that lives less than a day) is skipped rather than sent late. One job
 * per link and kind (idempotency key), all under the link's cancel key. Pass `{ ...ctx, db: trx }`
 * to schedule inside the caller's transaction. Returns how many were scheduled (or already were).
 */
export async function scheduleRemindersFor(
  ctx: AppContext,
  links: readonly { id: string; expires_at: number }[],
): Promise<number> {
  const now = ctx.clock.now();
  const jobs: NewJob[] = [];
  for (const link of links) {
    for (const reminder of REMINDERS) {
      const runAt = link.expires_at - reminder.beforeExpiryMs;
      if (runAt < now) continue;
      jobs.push({
        kind: SEND_REMINDER_JOB,
        payload: { linkId: link.id, kind: reminder.kind },
        runAt,
        idempotencyKey: `reminder:${link.id}:${reminder.kind}`,
        cancelKey: remindersCancelKey(link.id),
      });
    }
  }
  await enqueueJobs(ctx.db, jobs, ctx.clock);
  return jobs.length;
}

/** scheduleRemindersFor one link: the function later issues call (renewal). */
export function scheduleReminders(
  ctx: AppContext,
  link: { id: string; expires_at: number },
): Promise<number> {
  return scheduleRemindersFor(ctx, [link]);
}
