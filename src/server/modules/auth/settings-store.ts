import type { AppContext } from '../../context.js';

/**
 * Auth's rows in the settings table: the admin password hash and the session secret. Both are
 * secrets, so they are never logged nor sent to the client.
 */
export const ADMIN_PASSWORD_HASH_KEY = 'admin_password_hash';
export const SESSION_SECRET_KEY = 'session_secret';

export async function readSetting(ctx: AppContext, key: string): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value ?? null;
}

export async function writeSetting(ctx: AppContext, key: string, value: string): Promise<void> {
  const updatedAt = ctx.clock.now();
  await ctx.db
    .insertInto('settings')
    .values({ key, value, updated_at: updatedAt })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updated_at: updatedAt }))
    .execute();
}

/**
 * Stores `value` only if the key has none yet and answers whether this call stored it. Several
 * processes starting at once on one PostgreSQL all race here and exactly one wins.
 */
export async function insertSettingIfAbsent(
  ctx: AppContext,
  key: string,
  value: string,
): Promise<boolean> {
  const result = await ctx.db
    .insertInto('settings')
    .values({ key, value, updated_at: ctx.clock.now() })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
