import { z } from 'zod';

/**
 * One "Chase everyone owing" as it stands. A job works through it a slice of accounts at a time,
 * so a chase of any size outlives the request that started it (and a restart): `running` until
 * every account is reached, `finished` then, or `stopped` when its job failed for good (System
 * shows it, with Retry, which goes on where it stopped).
 */
export const ChaseProgressSchema = z.object({
  id: z.string(),
  state: z.enum(['running', 'finished', 'stopped']),
  /** How many the count found when it started; `sent` is how many have a new link so far. */
  planned: z.number().int(),
  sent: z.number().int(),
  owedPence: z.number().int(),
  startedAt: z.string(),
  /** When the messages go (ISO): now, or 10:00 UK time when it is night (decision 0015). */
  sendsAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ChaseProgress = z.infer<typeof ChaseProgressSchema>;

/**
 * GET /api/leaseholders/chase: what "Chase everyone owing" would do now. Of the accounts that
 * owe and have no open link, `accounts` would each get a new link for `owedPence` in all; the
 * rest are left out and counted by why: chasing is on hold, there is no email or mobile to send
 * to, or no sheet has named them lately (sold, or a duplicate). `running`: a chase under way (or
 * the last one, if it stopped), which a new one waits for.
 */
export const ChasePreviewSchema = z.object({
  accounts: z.number().int(),
  owedPence: z.number().int(),
  onHold: z.number().int(),
  noContact: z.number().int(),
  offSheets: z.number().int(),
  /** Of `accounts`, those beside another owing account at their flat: a duplicate, maybe. */
  sameFlat: z.number().int(),
  sendsAt: z.string(),
  running: ChaseProgressSchema.nullable(),
});
export type ChasePreview = z.infer<typeof ChasePreviewSchema>;
