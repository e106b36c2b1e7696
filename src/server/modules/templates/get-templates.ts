import { TEMPLATE_FIELDS, type Templates } from '../../../shared/templates.js';
import type { AppContext } from '../../context.js';
import { buildDefaultTemplates } from './default-templates.js';

/** The one templates row (db/schema.ts TemplatesTable). */
export const TEMPLATES_ROW_ID = 'default';

export function getDefaultTemplates(ctx: Pick<AppContext, 'config'>): Templates {
  return buildDefaultTemplates(ctx.config.company);
}

/**
 * The templates every message is rendered from: the saved record, or the defaults until staff
 * save one. A field missing from the stored JSON (a record older than a new field) falls back to
 * its default rather than sending an empty message.
 */
export async function getTemplates(ctx: AppContext): Promise<Templates> {
  const row = await ctx.db
    .selectFrom('templates')
    .select('content')
    .where('id', '=', TEMPLATES_ROW_ID)
    .executeTakeFirst();
  const defaults = getDefaultTemplates(ctx);
  if (!row) return defaults;

  const stored = JSON.parse(row.content) as Partial<Record<string, unknown>>;
  const templates = { ...defaults };
  for (const field of TEMPLATE_FIELDS) {
    const value = stored[field];
    if (typeof value === 'string' && value.trim() !== '') templates[field] = value;
  }
  return templates;
}
