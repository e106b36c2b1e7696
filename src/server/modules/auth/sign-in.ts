import type { AppContext } from '../../context.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { type AdminSession, createSession } from './create-session.js';
import {
  clearLoginFailures,
  type LoginClient,
  recordLoginFailure,
  reserveLoginAttempt,
} from './login-rate-limit.js';
import { verifyPassword } from './password-hash.js';
import { ADMIN_PASSWORD_HASH_KEY, readSetting } from './settings-store.js';

export const INVALID_PASSWORD_MESSAGE = 'Invalid password';

/**
 * Checks the shared admin password (SPEC section 6) and starts a new session. Throws AppError 429
 * while the client or the whole site is rate limited and 401 for a wrong password. Neither the
 * password nor the token is ever logged or audited.
 */
export async function signIn(
  ctx: AppContext,
  input: {
    password: string;
    client: LoginClient;
    secret: string;
    previousSessionId: string | null;
  },
): Promise<{ token: string; session: AdminSession }> {
  const reserved = await reserveLoginAttempt(ctx, input.client);

  const storedHash = await readSetting(ctx, ADMIN_PASSWORD_HASH_KEY);
  if (!(await verifyPassword(input.password, storedHash))) {
    await writeAudit(ctx.db, ctx.clock, { actor: 'anonymous', action: 'auth.login_failed' });
    await recordLoginFailure(ctx, reserved);
    throw new AppError('UNAUTHORIZED', INVALID_PASSWORD_MESSAGE);
  }

  await clearLoginFailures(ctx, reserved);
  const created = await createSession(ctx, input.secret, input.previousSessionId);
  await writeAudit(ctx.db, ctx.clock, { actor: 'admin', action: 'auth.login' });
  return created;
}
