import { createHash } from 'node:crypto';
import { type ColumnMapping, ColumnMappingSchema } from '../../../shared/upload.js';
import type { AppContext } from '../../context.js';
import { readSetting, writeSetting } from '../auth/settings-store.js';
import { headerRowKey } from './match-columns.js';
import type { ColumnOptions } from './read-spreadsheet.js';

/**
 * A clerk's column mapping is remembered in the settings table for the header row it was made
 * for (its headings' letters and digits, hashed to a fixed length), so next month's export of
 * the same system maps itself.
 */
function settingKey(headings: readonly string[]): string {
  const hash = createHash('sha256').update(headerRowKey(headings)).digest('hex');
  return `upload_column_mapping:${hash}`;
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
