import { sql } from 'kysely';
import type { AppContext } from '../../context.js';

/**
 * These batches' links still to be sent: pending, unexpired, and with no payment-link message on
 * any channel. A batch sent once offers only these (issue 31), so a second press never claims to
 * send what went already.
 */
export function unsentLinksQuery(ctx: AppContext, batchIds: readonly string[]) {
  return ctx.db
    .selectFrom('payment_links')
    .where('payment_links.batch_id', 'in', batchIds)
    .where('payment_links.status', '=', 'pending')
    .where('payment_links.expires_at', '>', ctx.clock.now())
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('messages')
            .select(sql<number>`1`.as('one'))
            .whereRef('messages.link_id', '=', 'payment_links.id')
            .where('messages.kind', '=', 'payment_link'),
        ),
      ),
    );
}

export async function countUnsentLinks(ctx: AppContext, batchId: string): Promise<number> {
  const row = await unsentLinksQuery(ctx, [batchId])
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function unsentLinkIds(ctx: AppContext, batchId: string): Promise<string[]> {
  const rows = await unsentLinksQuery(ctx, [batchId])
    .select('payment_links.id')
    .orderBy('payment_links.batch_row')
    .execute();
  return rows.map((row) => row.id);
}
