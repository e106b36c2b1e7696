import type { AppContext } from '../context.js';

/**
 * Runs `work` in one transaction: the caller's when `ctx.db` already is one (a caller passes
 * `{ ...ctx, db: trx }` to make our writes part of its own), otherwise a new one. Everything
 * inside must use the context it is given: on SQLite the one connection is held by the
 * transaction, so a query on the outer `ctx.db` would wait for it forever.
 */
export function withTransaction<T>(
  ctx: AppContext,
  work: (tx: AppContext) => Promise<T>,
): Promise<T> {
  if (ctx.db.isTransaction) return work(ctx);
  return ctx.db.transaction().execute((trx) => work({ ...ctx, db: trx }));
}
