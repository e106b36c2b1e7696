/** The job kinds the messaging module enqueues and handles (jobs/handlers.ts maps them). */
export const SEND_MESSAGE_JOB = 'send-message';
export const SEND_REMINDER_JOB = 'send-reminder';

/** One send job per message row: a second enqueue for the same row is a no-op. */
export function sendJobKey(messageId: string): string {
  return `send:${messageId}`;
}

/** A link's reminder jobs share this key so payment, renewal or expiry cancels them together. */
export function remindersCancelKey(linkId: string): string {
  return `reminders:${linkId}`;
}
