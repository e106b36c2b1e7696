import type { AppContext } from '../../context.js';
import { randomToken } from '../../lib/ids.js';
import { sessionIdFor } from './session-secret.js';

export interface AdminSession {
  /** The sessions row id: the HMAC of the cookie token, never the token. */
  id: string;
  createdAt: number;
  csrfToken: string;
}

/**
 * Starts a session with a fresh 256-bit token. The session the request arrived with, if any, is
 * deleted in the same transaction: a token planted before sign-in never becomes an admin session
 * (session fixation, OWASP Session Management Cheat Sheet).
 */
export async function createSession(
  ctx: AppContext,
  secret: string,
  replacingSessionId: string | null,
): Promise<{ token: string; session: AdminSession }> {
  const token = randomToken(32);
  const now = ctx.clock.now();
  const session: AdminSession = {
    id: sessionIdFor(secret, token),
    createdAt: now,
    csrfToken: randomToken(32),
  };
  await ctx.db.transaction().execute(async (trx) => {
    if (replacingSessionId) {
      await trx.deleteFrom('sessions').where('id', '=', replacingSessionId).execute();
    }
    await trx
      .insertInto('sessions')
      .values({
        id: session.id,
        csrf_token: session.csrfToken,
        created_at: now,
        last_seen_at: now,
        expires_at: now + ctx.config.session.absoluteMs,
      })
      .execute();
  });
  return { token, session };
}
