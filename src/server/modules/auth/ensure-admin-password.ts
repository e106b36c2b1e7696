import type { AppContext } from '../../context.js';
import { writeAudit } from '../../lib/audit.js';
import { generateAdminPassword } from './generate-admin-password.js';
import { hashPassword, verifyPassword } from './password-hash.js';
import {
  ADMIN_PASSWORD_HASH_KEY,
  insertSettingIfAbsent,
  readSetting,
  writeSetting,
} from './settings-store.js';

/**
 * Start-up step (ARCHITECTURE section 6): ADMIN_PASSWORD, when set, is the password and only its
 * hash is stored; when unset on a first start, one is generated and returned so that index.ts can
 * print it once. Later starts without ADMIN_PASSWORD keep the stored hash.
 */
export async function ensureAdminPassword(
  ctx: AppContext,
): Promise<{ generatedPassword: string | null }> {
  const stored = await readSetting(ctx, ADMIN_PASSWORD_HASH_KEY);
  const configured = ctx.config.adminPassword;

  if (configured !== undefined) {
    // Re-hashing on every start would change the stored row for nothing; only a new value does.
    if (stored === null || !(await verifyPassword(configured, stored))) {
      await writeSetting(ctx, ADMIN_PASSWORD_HASH_KEY, await hashPassword(configured));
      await writeAudit(ctx.db, ctx.clock, {
        actor: 'system',
        action: 'auth.password_set',
        details: { source: 'ADMIN_PASSWORD' },
      });
    }
    return { generatedPassword: null };
  }

  if (stored !== null) return { generatedPassword: null };

  const generated = generateAdminPassword();
  // Two processes starting together on an empty PostgreSQL: only the one whose hash was stored
  // may print its password, or the other would show one that does not work.
  const isStored = await insertSettingIfAbsent(
    ctx,
    ADMIN_PASSWORD_HASH_KEY,
    await hashPassword(generated),
  );
  if (!isStored) return { generatedPassword: null };
  await writeAudit(ctx.db, ctx.clock, {
    actor: 'system',
    action: 'auth.password_set',
    details: { source: 'generated' },
  });
  return { generatedPassword: generated };
}
