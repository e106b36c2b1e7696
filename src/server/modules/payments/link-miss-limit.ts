import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { isLimited, type RateLimit, recordEvent } from '../../lib/rate-limit.js';

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

/**
 * Addresses found under the limit, remembered for a second per database handle: a leaseholder's
 * page makes several calls, and the count need not run for each. A miss forgets the address at
 * once, so in this process every miss is counted before the next call. Another process may serve
 * an address for up to a second after it reached the limit there: with 128-bit link ids that
 * gives a guesser nothing (ARCHITECTURE section 7).
 */
const UNDER_LIMIT_MEMO_MS = 1000;
const underLimit = new WeakMap<object, Map<string, number>>();

function memoOf(ctx: AppContext): Map<string, number> {
  let memo = underLimit.get(ctx.db);
  if (!memo) {
    memo = new Map();
    underLimit.set(ctx.db, memo);
  }
  return memo;
}

/** True when the address was found under the limit within the last second (no query). */
export function isKnownUnderLimit(ctx: AppContext, ip: string): boolean {
  const until = memoOf(ctx).get(ip);
  return until !== undefined && until > ctx.clock.now();
}

export async function refuseIfLimited(ctx: AppContext, ip: string): Promise<void> {
  if (isKnownUnderLimit(ctx, ip)) return;
  const memo = memoOf(ctx);
  const now = ctx.clock.now();
  // On the read-only connection, like the link itself (find-link.ts): counting is a read.
  if (await isLimited(ctx.readDb ?? ctx.db, ctx.clock, LINK_MISS_LIMIT, ip)) {
    memo.delete(ip);
    throw new AppError(429, TOO_MANY_LINK_REQUESTS_MESSAGE, {
      'Retry-After': String(LINK_MISS_LIMIT.windowMs / 1000),
    });
  }
  // Bounded: a flood of addresses empties the memo rather than growing it.
  if (memo.size >= 10_000) memo.clear();
  memo.set(ip, now + UNDER_LIMIT_MEMO_MS);
}

export function recordMiss(ctx: AppContext, ip: string): Promise<void> {
  memoOf(ctx).delete(ip);
  return recordEvent(ctx.db, ctx.clock, LINK_MISS_LIMIT.bucket, ip);
}
