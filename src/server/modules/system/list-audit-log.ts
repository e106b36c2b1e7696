import { type SqlBool, sql } from 'kysely';
import type { AuditPage, AuditQuery } from '../../../shared/system-status.js';
import type { AppContext } from '../../context.js';

/** `%term%` for LIKE, with the term's own % and _ (and the escape) taken literally. */
function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The audit log newest first, optionally only entries whose action, subject or actor (who did
 * it: admin, system, visitor) contains `search`.
 */
export async function listAuditLog(ctx: AppContext, query: AuditQuery): Promise<AuditPage> {
  const like = query.search ? likePattern(query.search) : undefined;
  const matching = sql<SqlBool>`(lower(action) like ${like} escape '\\'
    or lower(coalesce(subject, '')) like ${like} escape '\\'
    or lower(actor) like ${like} escape '\\')`;
  const base = ctx.db.selectFrom('audit_log').$if(like !== undefined, (q) => q.where(matching));
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      id: Number(row.id),
      at: new Date(row.at).toISOString(),
      actor: row.actor,
      action: row.action,
      subject: row.subject,
      details: row.details,
    })),
    total: Number(total.n),
  };
}
