import { z } from 'zod';

/**
 * A leaseholder's personal data (issue 32, UK GDPR): the subject-access export and erasure.
 * Shared so the clerk's confirm box and the server accept the same words.
 */

/** Typed to confirm an erasure, as an alternative to the leaseholder's name. */
export const ERASE_CONFIRM_WORD = 'ERASE';

/** What an erased account is called from then on; its reference stays for the ledger. */
export const ERASED_NAME = 'Erased leaseholder';
export const ERASED_ADDRESS = 'Erased';
/** Stands in for a message's recipient and content once erased. */
export const ERASED_TEXT = '[erased]';
/** A message's content once its retention period (MESSAGE_CONTENT_RETENTION_DAYS) has passed. */
export const EXPIRED_CONTENT_TEXT = '[removed after the retention period]';

export const ALREADY_ERASED_MESSAGE = "This leaseholder's personal data has already been erased.";
export const ERASE_NOT_CONFIRMED_MESSAGE = `Type the leaseholder's name or ${ERASE_CONFIRM_WORD} to confirm the erasure.`;

/** The clerk typed the leaseholder's name (any case, spaces trimmed) or ERASE. */
export function isEraseConfirmed(typed: string, name: string): boolean {
  const words = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  const given = words(typed);
  return given !== '' && (given === ERASE_CONFIRM_WORD.toLowerCase() || given === words(name));
}

export const LeaseholderIdParamsSchema = z.object({
  id: z.string().trim().min(1, 'Leaseholder id is required.').max(100),
});

export const EraseLeaseholderBodySchema = z.object({
  confirm: z.string({ error: ERASE_NOT_CONFIRMED_MESSAGE }).max(500),
});
export type EraseLeaseholderBody = z.infer<typeof EraseLeaseholderBodySchema>;

export const EraseLeaseholderResultSchema = z.object({
  id: z.string(),
  reference: z.string().nullable(),
  erasedAt: z.string(),
  /** What was changed, for the clerk's confirmation. */
  messages: z.number(),
  callbackRequests: z.number(),
});
export type EraseLeaseholderResult = z.infer<typeof EraseLeaseholderResultSchema>;
