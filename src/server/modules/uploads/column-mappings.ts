import { type ColumnMapping, ColumnMappingSchema } from '../../../shared/upload.js';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/with-transaction.js';
import { writeAudit } from '../../lib/audit.js';
import { readSetting, writeSetting } from '../auth/settings-store.js';
import { layoutKeyOf } from './match-columns.js';
import type { ColumnOptions } from './read-spreadsheet.js';

/**
 * A clerk's column mapping is remembered in the settings table for the header row it was made
 * for (its headings' letters and digits, hashed to a fixed length), so next month's export of
 * the same system maps itself.
 */
function settingKey(headings: readonly string[]): string {
  return layoutSettingKey(layoutKeyOf(headings));
}

const layoutSettingKey = (layout: string) => `upload_column_mapping:${layout}`;

/**
 * DELETE /api/upload/column-choices/:layout: the clerk's column choices for a layout are
 * forgotten, so its next file asks again (a wrong choice would otherwise hold month after month).
 */
export async function forgetColumnMapping(ctx: AppContext, layout: string): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const deleted = await tx.db
      .deleteFrom('settings')
      .where('key', '=', layoutSettingKey(layout))
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) return;
    await writeAudit(tx.db, tx.clock, { actor: 'admin', action: 'upload.columns_forgotten' });
  });
}

export async function findColumnMapping(
  ctx: AppContext,
  headings: readonly string[],
): Promise<ColumnMapping | null> {
  const stored = await readSetting(ctx, settingKey(headings));
  if (stored === null) return null;
  try {
    const parsed = ColumnMappingSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function rememberColumnMapping(
  ctx: AppContext,
  headings: readonly string[],
  mapping: ColumnMapping,
): Promise<void> {
  await writeSetting(ctx, settingKey(headings), JSON.stringify(mapping));
}

/** The column options of one upload: its own mapping, and the remembered ones. */
export function columnOptions(ctx: AppContext, mapping: ColumnMapping | null): ColumnOptions {
  return {
    mapping,
    findMapping: (headings) => findColumnMapping(ctx, headings),
    rememberMapping: (headings, used) => rememberColumnMapping(ctx, headings, used),
  };
}
