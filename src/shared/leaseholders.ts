import { z } from 'zod';

/**
 * The leaseholder accounts staff work with (issue 29): one leaseholder, one balance, many links
 * and messages over months. Money in API answers is a decimal string of pounds ('1245.50'), as
 * the spec's payment links are; negative is a credit.
 */

export const LEASEHOLDER_FILTERS = [
  'owing',
  'no_link',
  'in_credit',
  'settled',
  'on_hold',
  'unreachable',
  'off_sheets',
  'same_flat',
  'texts_stopped',
] as const;
export type LeaseholderFilter = (typeof LEASEHOLDER_FILTERS)[number];

export const LEASEHOLDER_FILTER_LABELS: Record<LeaseholderFilter, string> = {
  owing: 'Owing',
  no_link: 'Owing, no open link',
  in_credit: 'In credit',
  settled: 'Settled',
  on_hold: 'On hold',
  unreachable: 'Unreachable',
  off_sheets: 'Not on recent sheets',
  same_flat: 'Same flat, two accounts',
  texts_stopped: 'Replied STOP',
};

/**
 * An account owing that no upload has named for this long is listed as not on recent sheets: a
 * month's cycle with room to spare, so a sheet uploaded a few days late does not list everyone.
 */
export const OFF_SHEETS_DAYS = 35;

/** daysOwing: by how long the account has owed (since its first unpaid link). */
export const LEASEHOLDER_SORTS = ['balance', 'daysOwing', 'name'] as const;
export type LeaseholderSort = (typeof LEASEHOLDER_SORTS)[number];

export const LeaseholderListQuerySchema = z.object({
  /** Part of the name, email, phone, address or Account Reference, any case. */
  search: z.string().trim().max(200).optional(),
  status: z.enum(LEASEHOLDER_FILTERS).optional(),
  sort: z.enum(LEASEHOLDER_SORTS).default('balance'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(500).default(25),
  offset: z.coerce.number().int().min(0).default(0),
});
export type LeaseholderListQuery = z.infer<typeof LeaseholderListQuerySchema>;

export const LeaseholderExportQuerySchema = LeaseholderListQuerySchema.omit({
  limit: true,
  offset: true,
});

export const OpenLinkSchema = z.object({
  id: z.string(),
  /** What the link asked for when it was made, pounds. */
  amount: z.string(),
  /** Paid through it so far (part payments), pounds. */
  paidAmount: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  linkUrl: z.string(),
  /** When its payment-link message was first queued; null if never sent. */
  sentAt: z.string().nullable(),
});
export type OpenLink = z.infer<typeof OpenLinkSchema>;

export const LeaseholderItemSchema = z.object({
  id: z.string(),
  reference: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  /** Joint leaseholders' other addresses: each email to `email` is copied to them. */
  otherEmails: z.array(z.string()),
  /** E.164. */
  phone: z.string().nullable(),
  /** The phone for people: UK national form ('07911 123456', '0113 496 0000'), else international. */
  phoneDisplay: z.string().nullable(),
  phoneKind: z.enum(['mobile', 'landline']).nullable(),
  address: z.string(),
  /** What is owed now, pounds; negative is a credit. */
  balance: z.string(),
  balancePence: z.number(),
  /** When the account started owing (its first unpaid link); null when nothing is owed. */
  owingSince: z.string().nullable(),
  daysOwing: z.number().nullable(),
  /** Owing, and on no upload since this time (ISO), more than OFF_SHEETS_DAYS ago; else null. */
  offSheetsSince: z.string().nullable(),
  /** Chasing is held until this day (ISO, end of day UK time), with why. */
  holdUntil: z.string().nullable(),
  holdReason: z.string().nullable(),
  openLink: OpenLinkSchema.nullable(),
  isErased: z.boolean(),
});
export type LeaseholderItem = z.infer<typeof LeaseholderItemSchema>;

export const LeaseholderPageSchema = z.object({
  items: z.array(LeaseholderItemSchema),
  /** How many accounts match, counted up to a cap (isTotalCapped: at least this many). */
  total: z.number(),
  isTotalCapped: z.boolean(),
  limit: z.number(),
  offset: z.number(),
});
export type LeaseholderPage = z.infer<typeof LeaseholderPageSchema>;

export const TIMELINE_KINDS = [
  'link_created',
  'link_opened',
  'link_replaced',
  'link_expired',
  'link_cancelled',
  'link_settled',
  'link_paid',
  'message',
  'payment',
  'payment_returned',
  'offline_payment',
  'hold_started',
  'hold_ended',
  'note',
  'contact_changed',
  'balance_set',
  'credit',
  'link_requested',
  'callback',
  'reply',
  'texts_stopped',
  'texts_started',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const TimelineEventSchema = z.object({
  /** ISO 8601 UTC. */
  at: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  /** One line for a person: "Payment link sent by email", "Cheque received". */
  title: z.string(),
  detail: z.string().nullable(),
  /** Pounds, when the event is about money. */
  amount: z.string().nullable(),
  /** A message's delivery status, a payment's status. */
  status: z.string().nullable(),
  actor: z.string().nullable(),
  linkId: z.string().nullable(),
  /** An offline payment's id (its receipt), a message's id (the Message Log). */
  refId: z.string().nullable(),
});
export type TimelineEvent = z.infer<typeof TimelineEventSchema>;

/** Another account owing at the same property as this one (a duplicate, or a joint leaseholder). */
export const SameFlatAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  balancePence: z.number().int(),
});
export type SameFlatAccount = z.infer<typeof SameFlatAccountSchema>;

/** No email, and their mobile replied STOP: no message can reach them. */
export const NO_EMAIL_AND_STOPPED_MESSAGE =
  'Their mobile replied STOP to our WhatsApp and texts, and there is no email address: call or write to them, or add an email address.';

export const LeaseholderDetailSchema = LeaseholderItemSchema.extend({
  createdAt: z.string(),
  /** Newest first. */
  timeline: z.array(TimelineEventSchema),
  /** While this account owes: the others owing at its property, oldest first (at most 5). */
  sameFlat: z.array(SameFlatAccountSchema),
  /** When their mobile replied STOP (ISO): no WhatsApp or texts go to it until START; else null. */
  textsStoppedAt: z.string().nullable(),
});
export type LeaseholderDetail = z.infer<typeof LeaseholderDetailSchema>;

export const LeaseholderIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD')
  // Date.parse rolls 30 February over into March: the day must read back as it was written.
  .refine((day) => {
    const time = Date.parse(`${day}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
  }, 'Enter a real date');

/**
 * GET /api/payments/export.csv: the payments received from one UK day to another, both included,
 * for the agent to post to their ledger.
 */
export const PaymentsExportQuerySchema = z
  .object({ from: isoDay, to: isoDay })
  .refine(({ from, to }) => to >= from, {
    message: 'The last day must be on or after the first',
    path: ['to'],
  });
export type PaymentsExportQuery = z.infer<typeof PaymentsExportQuerySchema>;

export const OFFLINE_PAYMENT_METHODS = ['bank_transfer', 'cheque', 'cash', 'other'] as const;
export type OfflinePaymentMethod = (typeof OFFLINE_PAYMENT_METHODS)[number];
export const OFFLINE_PAYMENT_METHOD_LABELS: Record<OfflinePaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  cheque: 'Cheque',
  cash: 'Cash',
  other: 'Other',
};

export const OfflinePaymentRequestSchema = z.object({
  /** Pounds, e.g. '20.00'. */
  amount: z.string().trim().min(1, 'Enter the amount received').max(20),
  method: z.enum(OFFLINE_PAYMENT_METHODS, {
    error: 'Choose how it was paid: bank transfer, cheque, cash or other',
  }),
  reference: z.string().trim().max(100).optional().default(''),
  paidOn: isoDay,
});
export type OfflinePaymentRequest = z.input<typeof OfflinePaymentRequestSchema>;

export const HOLD_REASONS = [
  'Breathing Space (debt respite)',
  'Dispute',
  'Payment plan agreed',
] as const;

export const HoldRequestSchema = z.object({
  until: isoDay,
  reason: z.string().trim().min(1, 'Give a reason for the hold').max(500),
});
export type HoldRequest = z.infer<typeof HoldRequestSchema>;

/** Staff's correction of what is owed (a duplicate account, a leaseholder who sold, a write-off). */
export const BalanceCorrectionSchema = z.object({
  /** Pounds, e.g. '120.00'; '0.00' when nothing is owed, '-25.00' for a credit. */
  balance: z.string().trim().min(1, 'Enter the balance').max(20),
  reason: z.string().trim().min(1, 'Give a reason for the correction').max(500),
  /** The balance staff saw, in pence: refused if a payment or upload changed it meanwhile. */
  wasPence: z.number().int().optional(),
});
export type BalanceCorrection = z.infer<typeof BalanceCorrectionSchema>;

/** POST /api/leaseholders/{id}/payments/{paymentId}/reverse: a bounced cheque, a mistake. */
export const PaymentReversalSchema = z.object({
  reason: z.string().trim().min(1, 'Give a reason for the reversal').max(500),
});
export type PaymentReversal = z.infer<typeof PaymentReversalSchema>;

export const NoteRequestSchema = z.object({
  text: z.string().trim().min(1, 'Write the note first').max(2000),
});

/**
 * An email address as uploads and staff's contact form accept it: no spaces or brackets, one @,
 * a domain of dot-separated labels. The labels exclude the dot, so a long cell is checked in
 * linear time (a domain part that may contain dots backtracks quadratically).
 */
export const EMAIL_PATTERN = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\].]+(?:\.[^\s@<>(),;:"[\].]+)+$/;

/** EMAIL_PATTERN within the 254 characters an address may have (RFC 5321). */
export function isEmailAddress(text: string): boolean {
  return text.length <= 254 && EMAIL_PATTERN.test(text);
}

/** Joint leaseholders' addresses copied on each email, besides the main one. */
export const MAX_OTHER_EMAILS = 4;

/** The addresses in a list as people type one: separated by commas, semicolons or spaces. */
export function splitEmails(text: string): string[] {
  return text.split(/[\s,;]+/).filter((address) => address !== '');
}

export const ContactUpdateSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  email: z.string().trim().max(254).nullable(),
  /** Joint leaseholders' other addresses, as typed; left out, the ones on file stay. */
  otherEmails: z.string().trim().max(1300).nullable().optional(),
  phone: z.string().trim().max(40).nullable(),
  address: z.string().trim().min(1, 'Property address is required').max(500),
  reference: z.string().trim().max(100).nullable(),
});
export type ContactUpdate = z.infer<typeof ContactUpdateSchema>;

export const LEASEHOLDER_NOT_FOUND_MESSAGE = 'Leaseholder not found.';
