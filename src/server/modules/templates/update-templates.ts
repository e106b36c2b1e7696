import { TEMPLATE_FIELDS, type Templates } from '../../../shared/templates.js';
import type { AppContext } from '../../context.js';
import { writeAudit } from '../../lib/audit.js';
import { getTemplates, TEMPLATES_ROW_ID } from './get-templates.js';

/**
 * Saves all 11 templates as the one row (an upsert both engines understand) and records which
 * fields changed. Runs in a transaction so the audit entry names exactly what this save changed.
 */
export async function updateTemplates(ctx: AppContext, templates: Templates): Promise<Templates> {
  // Only the 11 fields are stored, in spec order, whatever else the caller's object carries.
  const saved = Object.fromEntries(
    TEMPLATE_FIELDS.map((field) => [field, templates[field]]),
  ) as Templates;
  const now = ctx.clock.now();

  await ctx.db.transaction().execute(async (trx) => {
    const previous = await getTemplates({ ...ctx, db: trx });
    const changedFields = TEMPLATE_FIELDS.filter((field) => previous[field] !== saved[field]);
    const content = JSON.stringify(saved);
    await trx
      .insertInto('templates')
      .values({ id: TEMPLATES_ROW_ID, content, updated_at: now })
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ content, updated_at: now }))
      .execute();
    await writeAudit(trx, ctx.clock, {
      actor: 'admin',
      action: 'templates.updated',
      subject: TEMPLATES_ROW_ID,
      details: { changedFields },
    });
  });
  return saved;
}
