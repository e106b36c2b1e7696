import { z } from 'zod';

export const PAYMENT_LINK_STATUSES = ['pending', 'paid', 'expired', 'failed'] as const;
export const PaymentLinkStatusSchema = z.enum(PAYMENT_LINK_STATUSES);
export type PaymentLinkStatus = z.infer<typeof PaymentLinkStatusSchema>;

export const PAYMENT_LINK_SORTS = [
  'createdAt',
  'tenantName',
  'amount',
  'status',
  'expiresAt',
] as const;
export type PaymentLinkSort = (typeof PAYMENT_LINK_SORTS)[number];

/** Spec section 3's filters (status, limit, offset) plus search, sort and direction. */
export const PaymentLinkListQuerySchema = z.object({
  status: PaymentLinkStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  /** Part of the tenant's name, email or address, any case. */
  search: z.string().trim().max(200).optional(),
  sort: z.enum(PAYMENT_LINK_SORTS).default('createdAt'),
  direction: z.enum(['asc', 'desc']).default('desc'),
});
export type PaymentLinkListQuery = z.infer<typeof PaymentLinkListQuerySchema>;

/** Rows a page of Payment Status shows (the API's own default is 50). */
export const STATUS_PAGE_SIZE = 25;

/**
 * The list a Payment Status address shows: its query string read as the list query. An address
 * that does not parse reads as the default view. The page (use-list-query.ts) and the server,
 * which asks the browser to fetch that list with the page (static-client.ts), both read it here,
 * so the two ask for the very same URL.
 */
export function listQueryOfSearch(search: string): PaymentLinkListQuery {
  const raw = Object.fromEntries(new URLSearchParams(search));
  const parsed = PaymentLinkListQuerySchema.safeParse({ limit: STATUS_PAGE_SIZE, ...raw });
  return parsed.success
    ? parsed.data
    : PaymentLinkListQuerySchema.parse({ limit: STATUS_PAGE_SIZE });
}

/**
 * GET /api/payment-links for `query`: only the fields it sets, in its own order (the schema's,
 * for a parsed query).
 */
export function paymentLinksUrl(query: Partial<PaymentLinkListQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return `/api/payment-links?${params}`;
}

/** Spec section 3 "Payment link", with what staff need beside it. */
export const PaymentLinkItemSchema = z.object({
  id: z.string(),
  /** Pounds with two decimals, e.g. '1245.50'. */
  amount: z.string(),
  amountPence: z.number(),
  /** A pending link past its expiry reads 'expired' even before the sweep has marked it. */
  status: PaymentLinkStatusSchema,
  expiresAt: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  linkUrl: z.string(),
  /** An open-banking or Direct Debit payment is settling. */
  isProcessing: z.boolean(),
  /** The link that replaced this one when it was renewed. */
  replacedBy: z.string().nullable(),
  /** Why it closed unpaid: replaced by a newer link, settled (nothing owed), cancelled by staff. */
  closedReason: z.enum(['replaced', 'settled', 'cancelled']).nullable(),
  /** Paid through it so far (part payments), pounds. */
  paidAmount: z.string(),
  /** Given back by Stripe (refunds, disputes) of what was paid through it, pounds. */
  returnedAmount: z.string(),
  tenant: z.object({
    /** The leaseholder account (GET /api/leaseholders/{accountId}). */
    accountId: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string(),
  }),
});
export type PaymentLinkItem = z.infer<typeof PaymentLinkItemSchema>;

export const PaymentLinkPageSchema = z.object({
  items: z.array(PaymentLinkItemSchema),
  /** How many links match, counted up to a cap (isTotalCapped: at least this many). */
  total: z.number(),
  isTotalCapped: z.boolean(),
  limit: z.number(),
  offset: z.number(),
});
export type PaymentLinkPage = z.infer<typeof PaymentLinkPageSchema>;

/**
 * GET /api/payment-links/{id}/renewal (issue 31): what Renew would send, for staff to confirm.
 * `sentAt` is when the current link's message first went (null if it never did).
 */
export const RenewalPreviewSchema = z.object({
  id: z.string(),
  tenantName: z.string(),
  /** Pounds with two decimals: what the new link asks for. */
  amount: z.string(),
  amountPence: z.number(),
  channels: z.array(z.enum(['email', 'whatsapp'])),
  createdAt: z.string(),
  expiresAt: z.string(),
  sentAt: z.string().nullable(),
});
export type RenewalPreview = z.infer<typeof RenewalPreviewSchema>;

export const PaymentLinkIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const PAYMENT_LINK_NOT_FOUND_MESSAGE = 'Payment link not found.';
