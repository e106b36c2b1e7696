import type { AppContext } from '../../context.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import {
  clearEvents,
  countRecent,
  isLimited,
  type RateLimit,
  recordEvent,
} from '../../lib/rate-limit.js';

/**
 * Login throttling kept in the database, shared by every app process (ARCHITECTURE sections 2, 7):
 * 5 failed attempts per client address in 15 minutes, and 50 across all addresses, so that an
 * attacker with many addresses is slowed too. While limited even the right password is refused,
 * or the guessing would simply go on.
 */
const WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LIMIT_PER_IP: RateLimit = {
  bucket: 'login_failed_ip',
  max: 5,
  windowMs: WINDOW_MS,
};
export const LOGIN_LIMIT_GLOBAL: RateLimit = {
  bucket: 'login_failed_all',
  max: 50,
  windowMs: WINDOW_MS,
};
const GLOBAL_KEY = 'all';
const RETRY_AFTER = { 'Retry-After': String(WINDOW_MS / 1000) };

export const PER_IP_MESSAGE =
  'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
export const GLOBAL_MESSAGE =
  'Sign-in is temporarily paused after many failed attempts. Please try again in a few minutes.';

async function refuse(ctx: AppContext, reason: 'ip' | 'global', message: string): Promise<never> {
  await writeAudit(ctx.db, ctx.clock, {
    actor: 'anonymous',
    action: 'auth.login_rate_limited',
    details: { reason },
  });
  throw new AppError(429, message, RETRY_AFTER);
}

/**
 * Call before checking a password. The attempt is recorded against the address *before* the
 * count, not after a failed check: otherwise a burst of parallel guesses would all see a count
 * of zero while the slow password hashes run. A success clears the record (clearLoginFailures).
 * Refused attempts stay recorded, so an address that keeps guessing stays locked out.
 */
export async function reserveLoginAttempt(ctx: AppContext, ip: string): Promise<void> {
  if (await isLimited(ctx.db, ctx.clock, LOGIN_LIMIT_GLOBAL, GLOBAL_KEY)) {
    await refuse(ctx, 'global', GLOBAL_MESSAGE);
  }
  await recordEvent(ctx.db, ctx.clock, LOGIN_LIMIT_PER_IP.bucket, ip);
  const attempts = await countRecent(ctx.db, ctx.clock, LOGIN_LIMIT_PER_IP, ip);
  if (attempts > LOGIN_LIMIT_PER_IP.max) await refuse(ctx, 'ip', PER_IP_MESSAGE);
}

/** A wrong password: counts towards the global cap (the address's count was reserved already). */
export async function recordLoginFailure(ctx: AppContext): Promise<void> {
  await recordEvent(ctx.db, ctx.clock, LOGIN_LIMIT_GLOBAL.bucket, GLOBAL_KEY);
}

export async function clearLoginFailures(ctx: AppContext, ip: string): Promise<void> {
  await clearEvents(ctx.db, LOGIN_LIMIT_PER_IP.bucket, ip);
}
