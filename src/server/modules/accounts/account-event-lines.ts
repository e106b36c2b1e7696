import { formatDate } from '../../../shared/dates.js';
import {
  OFFLINE_PAYMENT_METHOD_LABELS,
  type OfflinePaymentMethod,
  type TimelineEvent,
  type TimelineKind,
} from '../../../shared/leaseholders.js';
import { balanceSentence, formatPence, penceToDecimalString } from '../../../shared/money.js';

// The account's own history lines (account_events) as timeline events: account-timeline.ts adds
// its links, messages and payments.

export type Draft = Omit<Partial<TimelineEvent>, 'at'> & {
  at: number;
  kind: TimelineKind;
  title: string;
};

/** A YYYY-MM-DD day as staff read dates (spec section 9: dd/MM/yyyy). */
export const ukDay = (day: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDate(`${day}T12:00:00Z`) : day;

export const pounds = (pence: number | null | undefined) =>
  pence === null || pence === undefined ? null : penceToDecimalString(pence);

export function fromAccountEvent(event: {
  id: number;
  at: number;
  kind: string;
  actor: string;
  text: string | null;
  details: string | null;
  read_at?: number | null;
}): Draft {
  const details = event.details ? (JSON.parse(event.details) as Record<string, unknown>) : {};
  // Stripe is a name: 'by Stripe'.
  const actor = event.actor === 'stripe' ? 'Stripe' : event.actor;
  const base = { at: event.at, actor, detail: event.text, refId: String(event.id) };
  switch (event.kind) {
    case 'note':
      return { ...base, kind: 'note', title: 'Note' };
    case 'hold_started':
      return {
        ...base,
        kind: 'hold_started',
        title: `Chasing held until ${ukDay(String(details.until ?? ''))}`,
      };
    case 'hold_ended':
      return { ...base, kind: 'hold_ended', title: 'Hold ended: chasing resumed' };
    case 'contact_changed':
      return {
        ...base,
        kind: 'contact_changed',
        title: 'Contact details changed',
        detail: describeChange(details),
      };
    case 'balance_set':
      if (event.actor !== 'upload') {
        // Staff's correction: the reason they gave, and what it was.
        const was = formatPence(Number(details.from));
        return {
          ...base,
          kind: 'balance_set',
          title: 'Balance corrected',
          amount: pounds(Number(details.to)),
          detail: event.text ? `${event.text} (was ${was})` : `Was ${was}`,
        };
      }
      // `sheet`: the upload's figure was from before payments, so the balance was kept.
      return {
        ...base,
        kind: 'balance_set',
        title: details.sheet === undefined ? 'Balance set by upload' : 'Balance kept by upload',
        amount: pounds(Number(details.to)),
        detail:
          details.sheet === undefined
            ? `Was ${formatPence(Number(details.from))}`
            : `The sheet's ${formatPence(Number(details.sheet))} was from before ${details.correction ? "staff's correction" : 'recent payments'}`,
      };
    case 'credit':
      return {
        ...base,
        kind: 'credit',
        title: 'Overpaid: credit on the account',
        amount: pounds(Number(details.creditPence)),
      };
    case 'link_cancelled':
      return { ...base, kind: 'link_cancelled', title: 'Link cancelled by staff' };
    case 'payment_returned':
      return { ...base, ...returnedLine(details, event.text) };
    case 'reply':
      return {
        ...base,
        kind: 'reply',
        title: `Replied by ${details.channel === 'whatsapp' ? 'WhatsApp' : 'text'}`,
        status: unread(event),
      };
    case 'texts_stopped':
      return {
        ...base,
        kind: 'texts_stopped',
        status: unread(event),
        title:
          details.source === 'twilio'
            ? 'Twilio refused a text: this number had replied STOP'
            : 'Replied STOP: no more WhatsApp or texts',
        detail: 'Nothing goes to their phone by WhatsApp or text until they reply START.',
      };
    case 'texts_started':
      return {
        ...base,
        kind: 'texts_started',
        title: 'Replied START: WhatsApp and texts resume',
      };
    default:
      return {
        ...base,
        kind: 'link_requested',
        title: 'Leaseholder asked for their link',
        detail: details.outcome ? `Outcome: ${String(details.outcome)}` : null,
      };
  }
}

/** A reply (or STOP) no one has marked read: on the dashboard, and markable here too. */
const unread = (event: { read_at?: number | null }) => (event.read_at == null ? 'unread' : null);

/** Stripe's reasons, as a clerk would say them. */
const RETURN_REASONS: Record<string, string> = {
  requested_by_customer: 'asked for by the leaseholder',
  duplicate: 'a duplicate payment',
  fraudulent: 'reported as fraud',
  product_not_received: 'service not received',
  subscription_canceled: 'Direct Debit cancelled',
  unrecognized: 'payment not recognised',
  debit_not_authorized: 'Direct Debit not authorised',
  expired_or_canceled_card: 'the card has expired or was cancelled',
  lost_or_stolen_card: 'the card was reported lost or stolen',
};

/** A refund or dispute (payments/apply-return.ts) as one line of history. */
function returnedLine(details: Record<string, unknown>, text: string | null): Omit<Draft, 'at'> {
  const pence = Number(details.pence);
  const reason =
    typeof details.reason === 'string'
      ? (RETURN_REASONS[details.reason] ?? details.reason.replaceAll('_', ' '))
      : text;
  const balance =
    details.balancePence === undefined ? null : balanceSentence(Number(details.balancePence));
  // Which payment: Stripe's reference, or when and how staff's was paid, as its own line says.
  const which =
    details.kind === 'reversal'
      ? [
          `Paid on ${ukDay(String(details.paidOn))}`,
          details.reference && `reference ${String(details.reference)}`,
        ]
          .filter(Boolean)
          .join(', ')
      : `Reference ${String(details.reference)}`;
  const respond =
    details.respondBy === undefined
      ? null
      : `Answer it in Stripe by ${formatDate(Number(details.respondBy))}, or the money stays taken back.`;
  const detail = [
    reason && `Reason: ${reason}.`,
    respond,
    balance && `Balance now ${balance}.`,
    which,
  ]
    .filter(Boolean)
    .join(' ');
  return {
    kind: 'payment_returned',
    title: returnedTitle(details, pence),
    amount: pence === 0 ? null : pounds(Math.abs(pence)),
    detail,
  };
}

function returnedTitle(details: Record<string, unknown>, pence: number): string {
  if (details.kind === 'reversal') {
    const method = OFFLINE_PAYMENT_METHOD_LABELS[details.method as OfflinePaymentMethod];
    return `${method ?? 'Payment'} reversed`;
  }
  if (details.kind === 'refund') {
    return pence < 0
      ? 'Refund failed: the payment counts again'
      : 'Payment refunded through Stripe';
  }
  if (pence > 0) return 'Payment disputed: Stripe took it back';
  if (pence < 0) return 'Dispute won: the payment counts again';
  if (details.status === 'lost') return 'Dispute lost: the payment stays taken back';
  if (details.status === 'won' || details.status === 'warning_closed') {
    return 'Dispute closed: the payment stands';
  }
  return "The leaseholder's bank is asking about this payment";
}

/** ContactDetails' fields as the contact card names them. */
const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  otherEmails: 'Copied to',
  phone: 'Phone',
  phoneKind: 'Phone type',
  address: 'Address',
  reference: 'Account Reference',
};

function describeChange(details: Record<string, unknown>): string {
  const before = (details.before ?? {}) as Record<string, unknown>;
  const after = (details.after ?? {}) as Record<string, unknown>;
  return Object.keys(after)
    .map(
      (field) =>
        `${FIELD_LABELS[field] ?? field}: ${String(before[field] ?? '(none)')} → ${String(after[field] ?? '(none)')}`,
    )
    .join('; ');
}
