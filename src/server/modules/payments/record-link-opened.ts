import type { AppContext } from '../../context.js';
import { findAvailableLink } from './get-public-payment-link.js';

/**
 * The payment page's own script reports its first opening (for staff); only the first one is
 * kept. A GET never does this: mail scanners and link previews would count as openings.
 */
export async function recordLinkOpened(ctx: AppContext, linkId: string, ip: string) {
  const { link } = await findAvailableLink(ctx, linkId, ip);
  if (link.opened_at !== null) return;
  await ctx.db
    .updateTable('payment_links')
    .set({ opened_at: ctx.clock.now() })
    .where('id', '=', link.id)
    .where('opened_at', 'is', null)
    .execute();
}
