import { z } from 'zod';
import { timeRemaining } from '../../../shared/expiry.js';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/with-transaction.js';
import { DeferJob } from '../../jobs/defer-job.js';
import type { JobHandler } from '../../jobs/job-types.js';
import { PermanentJobError } from '../../jobs/permanent-job-error.js';
import { isLinkOpen } from '../payment-links/link-state.js';
import { getTemplates } from '../templates/get-templates.js';
import { findLinksForMessages, firstChannelsOf } from './find-links-for-messages.js';
import { linkTemplateValues, renderMessageContent } from './message-content.js';
import { queueMessages } from './queue-messages.js';
import { resumeAfterHold } from './resume-after-hold.js';
import { REMINDERS, type ReminderKind } from './schedule-reminders.js';

const PayloadSchema = z.object({
  linkId: z.string().min(1),
  kind: z.enum(['reminder_24h', 'reminder_1h']),
});

/** A reminder that runs this close to its instant still says "24 hours" / "1 hour". */
const ON_TIME_MS = 10 * 60 * 1000;

/**
 * {{timeRemaining}} in a reminder: the nominal "24 hours" or "1 hour" when the reminder runs on
 * time (timeRemaining() would say "1 day", or "23 hours" a second late); the real time left,
 * rounded down, when the queue was held up and it runs late.
 */
export function reminderTimeRemaining(kind: ReminderKind, expiresAt: number, now: number): string {
  const nominal = REMINDERS.find((reminder) => reminder.kind === kind)!.beforeExpiryMs;
  const left = expiresAt - now;
  if (left <= nominal && nominal - left <= ON_TIME_MS)
    return kind === 'reminder_24h' ? '24 hours' : '1 hour';
  return timeRemaining(expiresAt, now) ?? '';
}

/**
 * The 'send-reminder' job, due at expiry−24h or −1h: if the link is still pending and unexpired
 * (it may have been paid or renewed since the job was scheduled, and cancelling the job may have
 * raced with this run), queues the reminder messages rendered from the current templates, one
 * per channel, with their send jobs. Running twice queues them once.
 */
export const sendReminderJob: JobHandler = async (payload, ctx: AppContext) => {
  const parsed = PayloadSchema.safeParse(payload);
  if (!parsed.success) throw new PermanentJobError('send-reminder: the payload is not valid');
  const { linkId, kind } = parsed.data;
  await withTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    const [link] = await findLinksForMessages(tx, [linkId]);
    if (!link || !isLinkOpen(link, now)) return;
    // Held (Breathing Space, a dispute): the reminder waits, and is rendered when it goes out.
    if (link.hold_until !== null && link.hold_until > now) {
      throw new DeferJob(
        resumeAfterHold(link.hold_until),
        'Chasing is on hold for this leaseholder',
      );
    }
    const templates = await getTemplates(tx);
    const values = {
      ...linkTemplateValues(tx.config, link, now),
      timeRemaining: reminderTimeRemaining(kind, link.expires_at, now),
    };
    await queueMessages(
      tx,
      firstChannelsOf(link).map(({ channel, recipient, cc }) => ({
        linkId,
        kind,
        channel,
        recipient,
        cc,
        ...renderMessageContent(templates, kind, channel, values),
      })),
    );
  });
};
