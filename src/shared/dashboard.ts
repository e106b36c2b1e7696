import { z } from 'zod';

/**
 * Spec section 3 "Dashboard stats". Money in pounds (numbers with two decimals) as the spec
 * shows it; each figure has one definition, the same on both databases (docs/ARCHITECTURE.md).
 */
export const DashboardStatsSchema = z.object({
  totalOutstanding: z.number(),
  activeLinks: z.number(),
  paymentsToday: z.number(),
  paymentsTodayCount: z.number(),
  successRate: z.number(),
  /** How many links reached an outcome in the last 30 days: 0 means the rate says nothing yet. */
  successRateOutcomes: z.number(),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

/**
 * The words shown beside each figure (tooltips) and in the docs: each says exactly what
 * getDashboardStats counts, so change both together.
 */
export const STAT_DEFINITIONS = {
  totalOutstanding:
    'What leaseholders owe: the sum of every account balance above £0 — the balance of their latest upload less the payments recorded since (online and offline). A link expiring does not change it; credits are not subtracted.',
  activeLinks:
    'Payment links that can be paid now: pending, not expired, not replaced or cancelled, and with no payment settling. One account has at most one.',
  paymentsToday:
    'The total received since midnight today, UK time (Europe/London): successful online payments, plus offline payments (bank transfer, cheque, cash) recorded as paid today and not reversed.',
  successRate:
    'Of the links that reached an outcome in the last 30 days, the share that was paid online, to one decimal place: paid in the last 30 days ÷ (paid in the last 30 days + links expired unpaid or failed whose expiry fell in the last 30 days). Replaced, cancelled and settled-offline links and links with a payment settling are left out; a replaced link counts once its newest link reaches an outcome.',
} as const;

export const RecentPaymentSchema = z.object({
  id: z.string(),
  /** The leaseholder account it was paid on (GET /api/leaseholders/{accountId}). */
  accountId: z.string(),
  tenantName: z.string(),
  address: z.string(),
  /** Pounds with two decimals. */
  amount: z.string(),
  paidAt: z.string(),
  /** Pounds since refunded or taken back by a chargeback; absent when none. */
  givenBack: z.string().optional(),
});
export type RecentPayment = z.infer<typeof RecentPaymentSchema>;

export const ExpiringLinkSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  tenantName: z.string(),
  address: z.string(),
  expiresAt: z.string(),
});
export type ExpiringLink = z.infer<typeof ExpiringLinkSchema>;

/** GET /api/dashboard/disputes: a payment the leaseholder's bank disputes, awaiting evidence. */
export const DisputedPaymentSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  tenantName: z.string(),
  address: z.string(),
  /** Pounds with two decimals: what the bank took back. */
  amount: z.string(),
  /** Stripe's PaymentIntent id, which its dashboard finds the dispute by. */
  reference: z.string(),
  /** When Stripe wants the evidence by; null if it did not say. */
  respondBy: z.string().nullable(),
});
export type DisputedPayment = z.infer<typeof DisputedPaymentSchema>;

/**
 * GET /api/dashboard/unsent-uploads: an upload whose links were made but never sent (Send All
 * Notifications not pressed), so its leaseholders have heard nothing while the links run out.
 */
export const UnsentUploadSchema = z.object({
  batchId: z.string(),
  filename: z.string(),
  uploadedAt: z.string(),
  /** Its links still open and not sent. */
  unsentLinks: z.number(),
  /** When the first of them expires. */
  firstExpiresAt: z.string(),
});
export type UnsentUpload = z.infer<typeof UnsentUploadSchema>;

/**
 * GET /api/dashboard/replies: a leaseholder's reply by WhatsApp or text, not yet read by staff:
 * what they wrote, or a STOP (their phone gets no more WhatsApp or texts until START).
 */
export const LeaseholderReplySchema = z.object({
  /** POST /api/dashboard/replies/{id}/read. */
  id: z.string(),
  /** 'unmatched': from a number on no account, for staff to place (no account fields). */
  kind: z.enum(['reply', 'stop', 'unmatched']),
  accountId: z.string().nullable(),
  tenantName: z.string().nullable(),
  address: z.string().nullable(),
  /** The number it came from, as people write it ('07911 123456'). */
  phone: z.string().nullable(),
  channel: z.enum(['whatsapp', 'sms']),
  /** What they wrote; for a STOP, what it means. */
  text: z.string(),
  receivedAt: z.string(),
});
export type LeaseholderReply = z.infer<typeof LeaseholderReplySchema>;

/** The newest unread replies, and how many there are in all. */
export const LeaseholderRepliesSchema = z.object({
  items: z.array(LeaseholderReplySchema),
  total: z.number(),
});
export type LeaseholderReplies = z.infer<typeof LeaseholderRepliesSchema>;

export const REPLY_NOT_FOUND_MESSAGE = 'Reply not found.';
