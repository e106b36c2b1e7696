import type { AppContext } from '../../context.js';
import type { AdminSession } from './create-session.js';
import { sessionIdFor } from './session-secret.js';

/** Writing last_seen_at on every API call would make each read a write; a minute is precise enough. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The live session for a cookie token, or null. A session past its idle or absolute timeout is
 * deleted on sight, so it cannot come back even if the clock or the configuration changes.
 */
export async function findSession(
  ctx: AppContext,
  secret: string,
  token: string,
): Promise<AdminSession | null> {
  const id = sessionIdFor(secret, token);
  const row = await ctx.db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;

  const now = ctx.clock.now();
  const isIdle = now - row.last_seen_at >= ctx.config.session.idleMs;
  const isExpired = now >= row.expires_at;
  if (isIdle || isExpired) {
    await ctx.db.deleteFrom('sessions').where('id', '=', id).execute();
    return null;
  }

  if (now - row.last_seen_at >= TOUCH_INTERVAL_MS) {
    await ctx.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
  }
  return { id: row.id, createdAt: row.created_at, csrfToken: row.csrf_token };
}
