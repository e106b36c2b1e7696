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
    'The sum of every link that can still be paid: pending links that have not expired, plus pending links whose payment is settling (even past their expiry). Renewed, paid, expired and failed links are not counted.',
  activeLinks:
    'Pending payment links that have not expired and have no payment settling. A link whose payment is settling is in Total Outstanding but not here; renewed, paid, expired and failed links are not counted.',
  paymentsToday:
    'The total of successful payments received since midnight today, UK time (Europe/London).',
  successRate:
    'Of the links that reached an outcome in the last 30 days, the share that was paid, to one decimal place: paid in the last 30 days ÷ (paid in the last 30 days + unpaid links, expired or failed, whose expiry fell in the last 30 days). Renewed links and links with a payment settling are left out; a renewal counts once its new link reaches an outcome.',
} as const;

export const RecentPaymentSchema = z.object({
  id: z.string(),
  tenantName: z.string(),
  address: z.string(),
  /** Pounds with two decimals. */
  amount: z.string(),
  paidAt: z.string(),
});
export type RecentPayment = z.infer<typeof RecentPaymentSchema>;

export const ExpiringLinkSchema = z.object({
  id: z.string(),
  tenantName: z.string(),
  address: z.string(),
  expiresAt: z.string(),
});
export type ExpiringLink = z.infer<typeof ExpiringLinkSchema>;
