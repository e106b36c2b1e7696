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

/** The words shown beside each figure (tooltips) and in the docs. */
export const STAT_DEFINITIONS = {
  totalOutstanding:
    'The sum of every link that can still be paid: pending and not yet expired, or with a payment settling. Renewed, paid, expired and failed links are not counted.',
  activeLinks: 'Payment links that are pending and have not expired.',
  paymentsToday: 'The total of payments received since midnight today, UK time (Europe/London).',
  successRate:
    'Of the links that reached an outcome in the last 30 days, the share that was paid: paid in the last 30 days ÷ (paid in the last 30 days + expired or failed unpaid with an expiry in the last 30 days). Renewed links are left out: their renewal counts instead.',
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
