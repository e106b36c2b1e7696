import {
  LEASEHOLDER_NOT_FOUND_MESSAGE,
  type LeaseholderDetail,
} from '../../../shared/leaseholders.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { textsStoppedAt } from '../messages/text-opt-outs.js';
import { accountTimeline } from './account-timeline.js';
import { openLinksOf, toLeaseholderItem } from './list-accounts.js';
import { owingAtSameFlat } from './same-property.js';

/**
 * The account row, or 404. `forUpdate`: locked until the caller's transaction ends on PostgreSQL
 * (SQLite's one writer already orders them), so a payment being recorded is waited for and a
 * change never acts on the balance from before it.
 */
export async function findAccount(
  ctx: AppContext,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  const account = await ctx.db
    .selectFrom('tenants')
    .selectAll()
    .where('id', '=', id)
    .$if(options.forUpdate === true && ctx.engine === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();
  if (!account) throw new AppError('NOT_FOUND', LEASEHOLDER_NOT_FOUND_MESSAGE);
  return account;
}

/** GET /api/leaseholders/{id}: the account, its balance and open link, and its timeline. */
export async function getAccount(ctx: AppContext, id: string): Promise<LeaseholderDetail> {
  const account = await findAccount(ctx, id);
  const links = await openLinksOf(ctx, [id]);
  return {
    ...toLeaseholderItem(ctx, account, links.get(id) ?? null),
    createdAt: new Date(account.created_at).toISOString(),
    timeline: await accountTimeline(ctx, account),
    sameFlat: await owingAtSameFlat(ctx, account),
    textsStoppedAt: isoOrNull(await textsStoppedAt(ctx, account.phone)),
  };
}

const isoOrNull = (at: number | null) => (at === null ? null : new Date(at).toISOString());
