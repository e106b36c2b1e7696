import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  signIn,
  TEST_ADMIN_PASSWORD,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { ensureAdminPassword } from './ensure-admin-password.js';

const readStoredHash = async (t: TestContext) =>
  (
    await t.ctx.db
      .selectFrom('settings')
      .selectAll()
      .where('key', '=', 'admin_password_hash')
      .executeTakeFirst()
  )?.value;

const loginStatus = async (t: TestContext, password: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: TEST_ORIGIN },
      payload: { password },
    })
  ).statusCode;

describe('the admin password', () => {
  let t: TestContext;
  afterEach(() => t.close());

  it('is stored only as a salted scrypt hash', async () => {
    t = await createTestContext();
    const stored = await readStoredHash(t);
    expect(stored).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
    expect(stored).not.toContain(TEST_ADMIN_PASSWORD);
    await signIn(t.app);
  });

  it('follows a changed ADMIN_PASSWORD at the next start and keeps an unchanged one', async () => {
    t = await createTestContext();
    const before = await readStoredHash(t);
    expect(await ensureAdminPassword(t.ctx)).toEqual({ generatedPassword: null });
    expect(await readStoredHash(t)).toBe(before);

    const changed = {
      ...t.ctx,
      config: { ...t.ctx.config, adminPassword: 'a-brand-new-password' },
    };
    expect(await ensureAdminPassword(changed)).toEqual({ generatedPassword: null });
    expect(await readStoredHash(t)).not.toBe(before);
    expect(await loginStatus(t, TEST_ADMIN_PASSWORD)).toBe(401);
    expect(await loginStatus(t, 'a-brand-new-password')).toBe(200);
  });

  it('is generated on a first start without ADMIN_PASSWORD, once', async () => {
    t = await createTestContext({ env: { ADMIN_PASSWORD: '' } });
    // The helper already ran the first start; start again from an empty settings table.
    await t.ctx.db.deleteFrom('settings').where('key', '=', 'admin_password_hash').execute();

    const { generatedPassword } = await ensureAdminPassword(t.ctx);
    expect(generatedPassword).toMatch(/^[0-9a-hjkmnp-tv-z]{5}(-[0-9a-hjkmnp-tv-z]{5}){3}$/);
    expect(await readStoredHash(t)).not.toContain(generatedPassword!);
    expect(await loginStatus(t, generatedPassword!)).toBe(200);

    expect(await ensureAdminPassword(t.ctx)).toEqual({ generatedPassword: null });
    expect(await loginStatus(t, generatedPassword!)).toBe(200);
  });

  it('refuses every password while none is stored', async () => {
    t = await createTestContext({ env: { ADMIN_PASSWORD: '' } });
    await t.ctx.db.deleteFrom('settings').where('key', '=', 'admin_password_hash').execute();
    expect(await loginStatus(t, '')).toBe(400);
    expect(await loginStatus(t, 'anything-at-all')).toBe(401);
  });
});
