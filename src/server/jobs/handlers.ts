import type { AppContext } from '../context.js';
import { CHASE_JOB, chaseOwingJob } from '../modules/accounts/chase-owing.js';
import { SEND_MESSAGE_JOB, SEND_REMINDER_JOB } from '../modules/messages/job-kinds.js';
import { sendMessageJob } from '../modules/messages/send-message-job.js';
import { sendReminderJob } from '../modules/messages/send-reminder-job.js';
import type { JobHandlers } from './job-types.js';

/**
 * The handlers the worker runs, by job kind. A factory rather than a constant so handlers can be
 * built over the configured integrations; today they reach the channels through the context.
 */
export function jobHandlers(_ctx: AppContext): JobHandlers {
  return {
    [SEND_MESSAGE_JOB]: sendMessageJob,
    [SEND_REMINDER_JOB]: sendReminderJob,
    [CHASE_JOB]: chaseOwingJob,
  };
}
