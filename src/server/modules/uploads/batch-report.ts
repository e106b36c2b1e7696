import { CSV_BOM, toCsvLine } from '../../../shared/csv.js';
import { penceToDecimalString } from '../../../shared/money.js';
import type { ReportSummary } from '../../../shared/upload.js';
import type { AppContext } from '../../context.js';
import type { MessageChannel } from '../../db/schema.js';
import { emailCell, emailsOf } from '../../lib/email-list.js';
import { formatPhoneForDisplay } from '../callback-requests/phone-display.js';
import { paymentUrlOf } from '../messages/message-content.js';
import { batchLinks } from './batch-links.js';

/** A message counts as sent once a provider has accepted it. */
const SENT_STATUSES = new Set(['sent', 'delivered', 'read']);

const HEADER = [
  'Tenant Name',
  'Email Address',
  'Phone Number',
  'Phone Type',
  'Property Address',
  'Amount (£)',
  'Payment Link',
  'Link Status',
  'Email',
  'WhatsApp',
  'SMS',
];

const SENT_FIELD = { email: 'emailsSent', whatsapp: 'whatsappSent', sms: 'smsSent' } as const;

function emptySummary(totalTenants: number): ReportSummary {
  return {
    totalTenants,
    emailsSent: 0,
    whatsappSent: 0,
    smsSent: 0,
    captured: { email: 0, whatsapp: 0, sms: 0 },
    queued: 0,
  };
}

/**
 * The summary agrees with the CSV's rows (issue 31): a message handed to a provider, or captured
 * in demo mode (and counted as such), is sent; one still waiting to go is queued.
 */
function count(summary: ReportSummary, channel: MessageChannel, status: string | undefined) {
  if (status === 'captured') {
    summary[SENT_FIELD[channel]] += 1;
    summary.captured[channel] += 1;
  } else if (SENT_STATUSES.has(status ?? '')) {
    summary[SENT_FIELD[channel]] += 1;
  } else if (status === 'queued') {
    summary.queued += 1;
  }
}

/** Staff see why a leaseholder with a phone got no WhatsApp or SMS. */
function phoneTypeOf(link: { tenant_phone: string | null; tenant_phone_kind: string | null }) {
  if (link.tenant_phone === null) return '';
  return link.tenant_phone_kind === 'landline' ? 'landline (no WhatsApp/SMS)' : 'mobile';
}

/**
 * GET /api/upload/batch/{id}/report: one CSV row per leaseholder with the link, the amount, the
 * phone's type (a landline is never messaged) and each channel's payment-link message status
 * ('not sent' when there is none), and the spec's summary for the X-Report-Summary header.
 * UTF-8 with a BOM so Excel shows £ and accents; phones in UK national format.
 */
export async function batchReport(
  ctx: AppContext,
  batchId: string,
): Promise<{ csv: string; summary: ReportSummary }> {
  const links = await batchLinks(ctx, batchId);
  const statuses = new Map<string, Partial<Record<MessageChannel, string>>>();
  const linkIds = links.map((link) => link.id);
  for (let start = 0; start < linkIds.length; start += 500) {
    const rows = await ctx.db
      .selectFrom('messages')
      .select(['link_id', 'channel', 'status'])
      .where('kind', '=', 'payment_link')
      .where('link_id', 'in', linkIds.slice(start, start + 500))
      .execute();
    for (const row of rows) {
      statuses.set(row.link_id, { ...statuses.get(row.link_id), [row.channel]: row.status });
    }
  }
  const summary = emptySummary(links.length);
  let csv = `${CSV_BOM}${toCsvLine(HEADER)}`;
  for (const link of links) {
    const byChannel = statuses.get(link.id) ?? {};
    count(summary, 'email', byChannel.email);
    count(summary, 'whatsapp', byChannel.whatsapp);
    count(summary, 'sms', byChannel.sms);
    csv += toCsvLine([
      link.tenant_name,
      emailCell(link.tenant_email, emailsOf(link.tenant_other_emails)),
      link.tenant_phone === null ? null : formatPhoneForDisplay(link.tenant_phone),
      phoneTypeOf(link),
      link.tenant_address,
      penceToDecimalString(link.amount_pence),
      paymentUrlOf(ctx.config, link.id),
      link.status,
      byChannel.email ?? 'not sent',
      byChannel.whatsapp ?? 'not sent',
      byChannel.sms ?? 'not sent',
    ]);
  }
  return { csv, summary };
}
