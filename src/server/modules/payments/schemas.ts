import { z } from 'zod';
import { PAYMENT_METHODS } from '../../../shared/payment-page.js';

/**
 * The server's zod schemas for the public payment calls (src/shared/payment-page.ts holds the
 * plain types the public pages use, which ship no zod).
 */
export const LinkIdParamsSchema = z.object({
  id: z.string().min(1).max(100),
});

/** Only the method: an amount sent by the browser is not part of the request and is dropped. */
export const PayRequestSchema = z.object({
  method: z.enum(PAYMENT_METHODS, {
    error: 'Choose a payment method: card, open-banking or direct-debit.',
  }),
  /** A part payment in pounds ('20.00'); checked against the balance by startPayment. */
  amount: z.string().trim().max(20).optional(),
});

export const PaymentResultQuerySchema = z.object({
  session_id: z
    .string()
    .regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'session_id must be a Stripe Checkout Session id')
    .optional(),
});

const TenantSchema = z.object({ name: z.string(), address: z.string() });

export const PublicPaymentLinkSchema = z.object({
  id: z.string(),
  amount: z.string(),
  amountPence: z.number(),
  expiresAt: z.string(),
  status: z.enum(['pending', 'processing', 'paid']),
  tenant: TenantSchema,
  paidAmount: z.string(),
  paidPence: z.number(),
  minimumPence: z.number(),
});

export const PayResponseSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  z.object({ kind: z.literal('recorded') }),
]);

export const PaymentResultSchema = z.object({
  status: z.enum(['succeeded', 'processing', 'failed']),
  tenant: TenantSchema,
  amount: z.string(),
  amountPence: z.number(),
  transactionId: z.string(),
  method: z.enum(PAYMENT_METHODS),
  paidAt: z.string().nullable(),
  receipt: z.enum(['sent', 'sending', 'none']),
  receiptSent: z.boolean(),
  failureReason: z.string().nullable(),
  remainingAmount: z.string(),
  remainingPence: z.number(),
});
