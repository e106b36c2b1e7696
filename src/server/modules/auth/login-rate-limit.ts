import type { AppContext } from '../../context.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import {
  clearEvents,
  filledBy,
  type LimitKey,
  type RateLimit,
  releasePlaces,
  type TakenPlace,
  takeAttempt,
} from '../../lib/rate-limit.js';

/**
 * Login throttling kept in the database, shared by every app process (ARCHITECTURE sections 2, 7):
 * 5 attempts per client address in 15 minutes, and 50 failed ones from browsers without a
 * device cookie across all addresses, so that an attacker with many addresses is slowed too. A
 * browser with a valid device cookie (device-cookie.ts) is not held by the global cap but has 5
 * attempts of its own. While limited even the right password is refused, or the guessing would
 * simply go on.
 */
const WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LIMIT_PER_IP: RateLimit = {
  bucket: 'login_failed_ip',
  max: 5,
  windowMs: WINDOW_MS,
};
export const LOGIN_LIMIT_PER_DEVICE: RateLimit = {
  bucket: 'login_failed_device',
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

const REASONS = new Map([
  [LOGIN_LIMIT_PER_IP, 'ip'],
  [LOGIN_LIMIT_PER_DEVICE, 'device'],
  [LOGIN_LIMIT_GLOBAL, 'global'],
]);

export interface LoginClient {
  ip: string;
  /** The nonce of a valid device cookie, or null. */
  deviceId: string | null;
}

export type ReservedAttempt = { client: LoginClient; places: TakenPlace[] };

/**
 * Call before checking a password: takes the attempt from the client's limits at once, so a
 * burst of parallel guesses cannot all pass while the slow hashes run. A refused attempt writes
 * nothing, so flooding a locked-out address costs the database only reads.
 */
export async function reserveLoginAttempt(
  ctx: AppContext,
  client: LoginClient,
): Promise<ReservedAttempt> {
  const keys: LimitKey[] = [
    { limit: LOGIN_LIMIT_PER_IP, key: client.ip },
    client.deviceId === null
      ? { limit: LOGIN_LIMIT_GLOBAL, key: GLOBAL_KEY }
      : { limit: LOGIN_LIMIT_PER_DEVICE, key: client.deviceId },
  ];
  const attempt = await takeAttempt(ctx, keys);
  if (!attempt.isAllowed) {
    const message = attempt.limit === LOGIN_LIMIT_GLOBAL ? GLOBAL_MESSAGE : PER_IP_MESSAGE;
    throw new AppError('LIMIT_EXCEEDED', message, { headers: RETRY_AFTER });
  }
  return { client, places: attempt.places };
}

/** A wrong password: the attempt that used a limit's last place starts a lock-out, audited once. */
export async function recordLoginFailure(ctx: AppContext, reserved: ReservedAttempt) {
  for (const limit of await filledBy(ctx.db, reserved.places)) {
    await writeAudit(ctx.db, ctx.clock, {
      actor: 'anonymous',
      action: 'auth.login_rate_limited',
      details: { reason: REASONS.get(limit) },
    });
  }
}

/**
 * The right password: the address and the device start afresh, and the attempt's place in the
 * global cap is given back. That cap counts guesses; staff signing in on new browsers (a busy
 * morning, a fresh office) must not pause sign-in for everyone. Others' failures still stand.
 */
export async function clearLoginFailures(
  ctx: AppContext,
  { client, places }: ReservedAttempt,
): Promise<void> {
  await clearEvents(ctx.db, LOGIN_LIMIT_PER_IP.bucket, client.ip);
  if (client.deviceId !== null) {
    await clearEvents(ctx.db, LOGIN_LIMIT_PER_DEVICE.bucket, client.deviceId);
  }
  await releasePlaces(
    ctx.db,
    places.filter((place) => place.limit === LOGIN_LIMIT_GLOBAL),
  );
}
