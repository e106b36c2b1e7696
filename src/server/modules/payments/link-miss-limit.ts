import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { isLimited, type RateLimit, takeAttempt } from '../../lib/rate-limit.js';

const MINUTE_MS = 60_000;

/**
 * Per-IP limit on the public link calls, counted on misses (ids that are not an available
 * link): someone guessing ids misses almost every time, a leaseholder almost never. Counting
 * misses only keeps the hot path free of writes, so a valid link's page read costs one indexed
 * count and one primary-key read, and a GET writes nothing about the link. A limited address is
 * refused before the lookup, so it cannot keep probing for hits either.
 */
export const LINK_MISS_LIMIT: RateLimit = {
  bucket: 'payment-link:miss',
  max: 30,
  windowMs: 15 * MINUTE_MS,
};

export const TOO_MANY_LINK_REQUESTS_MESSAGE =
  'Too many requests for payment links from your connection. Please wait a few minutes and try again.';

export async function refuseIfLimited(ctx: AppContext, ip: string): Promise<void> {
  // On the read-only connection, like the link itself (find-link.ts): counting is a read.
  if (await isLimited(ctx.readDb ?? ctx.db, ctx.clock, LINK_MISS_LIMIT, ip)) {
    throw tooManyLinkRequests();
  }
}

/**
 * Counts a miss, or answers 429 instead of the miss when the limit is already full: parallel
 * requests all pass the check above before any miss is counted, and this is what holds them.
 */
export async function recordMiss(ctx: AppContext, ip: string): Promise<void> {
  const attempt = await takeAttempt(ctx, [{ limit: LINK_MISS_LIMIT, key: ip }]);
  if (!attempt.isAllowed) throw tooManyLinkRequests();
}

function tooManyLinkRequests(): AppError {
  return new AppError('LIMIT_EXCEEDED', TOO_MANY_LINK_REQUESTS_MESSAGE, {
    headers: { 'Retry-After': String(LINK_MISS_LIMIT.windowMs / 1000) },
  });
}
