import type { AppContext } from '../../context.js';
import { writeAudit } from '../../lib/audit.js';
import { newId } from '../../lib/ids.js';
import { type RateLimit, takeAttempt } from '../../lib/rate-limit.js';

const HOUR_MS = 60 * 60 * 1000;

/** A person needs one or two tries; more from one address in an hour is a script. */
export const CALLBACK_PER_IP_LIMIT: RateLimit = {
  bucket: 'call-me-now:ip',
  max: 5,
  windowMs: HOUR_MS,
};

/** Many addresses at once (a botnet filling the staff list): far above any real office's day. */
export const CALLBACK_GLOBAL_LIMIT: RateLimit = {
  bucket: 'call-me-now:all',
  max: 300,
  windowMs: HOUR_MS,
};
export const CALLBACK_GLOBAL_KEY = 'all';

/** A number already waiting from within this window is not queued a second time. */
export const DUPLICATE_WINDOW_MS = 24 * HOUR_MS;

export interface CallbackInput {
  /** What the visitor typed, kept for staff. */
  phoneInput: string;
  /** E.164, from parseUkCallbackNumber. */
  e164: string;
  ip: string;
}

export type RequestCallbackOutcome =
  | { kind: 'stored'; id: string }
  | { kind: 'already-waiting'; id: string }
  | { kind: 'limited'; scope: 'visitor' | 'everyone' };

/** Rate-limits, then queues the request for staff unless the same number is already waiting. */
export async function requestCallback(
  ctx: AppContext,
  input: CallbackInput,
): Promise<RequestCallbackOutcome> {
  const { db, clock } = ctx;
  const attempt = await takeAttempt(ctx, [
    { limit: CALLBACK_PER_IP_LIMIT, key: input.ip },
    { limit: CALLBACK_GLOBAL_LIMIT, key: CALLBACK_GLOBAL_KEY },
  ]);
  if (!attempt.isAllowed) {
    return {
      kind: 'limited',
      scope: attempt.limit === CALLBACK_PER_IP_LIMIT ? 'visitor' : 'everyone',
    };
  }

  return db.transaction().execute(async (trx) => {
    const now = clock.now();
    const waiting = await trx
      .selectFrom('callback_requests')
      .select('id')
      .where('phone_number', '=', input.e164)
      .where('handled_at', 'is', null)
      .where('created_at', '>', now - DUPLICATE_WINDOW_MS)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (waiting) return { kind: 'already-waiting', id: waiting.id };

    const id = newId();
    await trx
      .insertInto('callback_requests')
      .values({
        id,
        phone_number: input.e164,
        phone_input: input.phoneInput,
        created_at: now,
        handled_at: null,
      })
      .execute();
    // The audit log is read by more people than the staff list: only the last digits go there.
    await writeAudit(trx, clock, {
      actor: 'visitor',
      action: 'callback.requested',
      subject: id,
      details: { phoneEnding: input.e164.slice(-3) },
    });
    return { kind: 'stored', id };
  });
}
