import type { AppContext } from '../../context.js';

// STUB: replaced by the auth implementation.
export async function ensureAdminPassword(_ctx: AppContext): Promise<{ generatedPassword: string | null }> {
  return { generatedPassword: null };
}
