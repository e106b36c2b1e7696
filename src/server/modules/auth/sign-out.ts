import type { AppContext } from '../../context.js';
import { writeAudit } from '../../lib/audit.js';

/**
 * Ends a session for real (ARCHITECTURE section 7): the row is deleted, so the cookie is worthless
 * even if the browser keeps it or someone copied it.
 */
export async function signOut(ctx: AppContext, sessionId: string): Promise<void> {
  const result = await ctx.db.deleteFrom('sessions').where('id', '=', sessionId).executeTakeFirst();
  if (Number(result.numDeletedRows) > 0) {
    await writeAudit(ctx.db, ctx.clock, { actor: 'admin', action: 'auth.logout' });
  }
}
