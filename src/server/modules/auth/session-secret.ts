import { createHmac } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { randomToken } from '../../lib/ids.js';
import { insertSettingIfAbsent, readSetting, SESSION_SECRET_KEY } from './settings-store.js';

/**
 * The key that turns a cookie token into a sessions row id. SESSION_SECRET wins; without it one is
 * generated on first use and kept in the database, so restarts and other processes keep accepting
 * the same cookies (ARCHITECTURE section 2: nothing that matters lives in one process).
 */
export async function loadSessionSecret(ctx: AppContext): Promise<string> {
  if (ctx.config.sessionSecret) return ctx.config.sessionSecret;
  const existing = await readSetting(ctx, SESSION_SECRET_KEY);
  if (existing) return existing;
  // Another process may store its own secret between our read and insert: whoever won, read back.
  await insertSettingIfAbsent(ctx, SESSION_SECRET_KEY, randomToken(32));
  const stored = await readSetting(ctx, SESSION_SECRET_KEY);
  if (!stored) throw new Error('The session secret could not be stored.');
  return stored;
}

/**
 * The sessions table holds HMAC-SHA256(secret, token), never the token itself: a copy of the
 * database (a backup, a read-only leak) does not hand out live admin sessions.
 */
export function sessionIdFor(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('base64url');
}
