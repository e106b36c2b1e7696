import type { ReportSummary } from '../../../shared/upload';

/**
 * Spec section 8: 'Report Downloaded' with the counts of emails, WhatsApp and SMS, or a generic
 * message if the summary is unreadable. The counts are the report's own rows (issue 31), so a
 * message captured in demo mode is counted and said to be captured, never passed off as sent.
 */
export function reportToastText(summary: ReportSummary | null): string {
  if (!summary) return 'The notification report has been downloaded.';
  const counts = `${summary.emailsSent} emails, ${summary.whatsappSent} WhatsApp and ${summary.smsSent} SMS messages`;
  const captured = summary.captured.email + summary.captured.whatsapp + summary.captured.sms;
  const total = summary.emailsSent + summary.whatsappSent + summary.smsSent;
  const queued = summary.queued > 0 ? ` ${summary.queued} still queued.` : '';
  if (captured === 0) return `${counts} sent.${queued}`;
  if (captured === total) return `${counts} captured (demo mode: none were delivered).${queued}`;
  return `${counts} sent, ${captured} of them captured in demo mode.${queued}`;
}
