import { z } from 'zod';

/** Staff list of Call Me Now requests (ARCHITECTURE section 9): who to ring back, and who was. */

export const CALLBACK_REQUEST_STATUSES = ['waiting', 'handled', 'all'] as const;

/** The list answers at most this many items; waitingCount still counts every waiting request. */
export const CALLBACK_REQUEST_LIST_LIMIT = 200;

export const CALLBACK_REQUEST_NOT_FOUND_MESSAGE = 'Callback request not found.';

export const CallbackRequestStatusSchema = z.enum(CALLBACK_REQUEST_STATUSES, {
  error: 'Status must be waiting, handled or all.',
});

export type CallbackRequestStatus = z.infer<typeof CallbackRequestStatusSchema>;

/**
 * GET /api/callback-requests query: waiting (the default) is oldest first, so whoever has waited
 * longest is rung first; handled and all are newest first.
 */
export const CallbackRequestListQuerySchema = z.object({
  status: CallbackRequestStatusSchema.default('waiting'),
});

export type CallbackRequestListQuery = z.infer<typeof CallbackRequestListQuerySchema>;

export const CallbackRequestItemSchema = z.object({
  id: z.string(),
  /** E.164, e.g. +447700900123: what a dialler or tel: link needs. */
  phoneNumber: z.string(),
  /** UK national format for people, e.g. 07700 900123 or 020 7946 0123. */
  phoneDisplay: z.string(),
  /** ISO 8601 (UTC). */
  createdAt: z.iso.datetime(),
  /** ISO 8601 (UTC) when staff marked it handled, or null while it is waiting. */
  handledAt: z.iso.datetime().nullable(),
});

export type CallbackRequestItem = z.infer<typeof CallbackRequestItemSchema>;

export const CallbackRequestListSchema = z.object({
  items: z.array(CallbackRequestItemSchema),
  /** Every waiting request, not only those in items. */
  waitingCount: z.number().int().nonnegative(),
});

export type CallbackRequestList = z.infer<typeof CallbackRequestListSchema>;

export const CallbackRequestIdParamsSchema = z.object({
  id: z.string().min(1).max(100),
});

/** POST /api/callback-requests/:id/handled answers the request as it now is. */
export const MarkCallbackHandledResultSchema = CallbackRequestItemSchema;

export type MarkCallbackHandledResult = z.infer<typeof MarkCallbackHandledResultSchema>;
