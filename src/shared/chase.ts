import { z } from 'zod';

/**
 * GET /api/leaseholders/chase: what "Chase everyone owing" would do now. Of the accounts that
 * owe and have no open link, `accounts` would each get a new link for `owedPence` in all; the
 * rest are left out and counted by why: chasing is on hold, there is no email or mobile to send
 * to, or no sheet has named them lately (sold, or a duplicate).
 */
export const ChasePreviewSchema = z.object({
  accounts: z.number().int(),
  owedPence: z.number().int(),
  onHold: z.number().int(),
  noContact: z.number().int(),
  offSheets: z.number().int(),
  /** When the messages go (ISO): now, or 10:00 UK time when it is night (decision 0015). */
  sendsAt: z.string(),
});
export type ChasePreview = z.infer<typeof ChasePreviewSchema>;

/** POST /api/leaseholders/chase: how many new links went, and for how much in all. */
export const ChaseResultSchema = z.object({
  sent: z.number().int(),
  owedPence: z.number().int(),
  sendsAt: z.string(),
});
export type ChaseResult = z.infer<typeof ChaseResultSchema>;
