import type { Batch } from '../../../shared/upload.js';
import { BATCH_NOT_FOUND_MESSAGE } from '../../../shared/upload.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { toBatch } from './to-batch.js';

/** GET /api/upload/batch/{id}: status and counts, polled by the upload page every 2 s. */
export async function getBatch(ctx: AppContext, id: string): Promise<Batch> {
  const row = await ctx.db
    .selectFrom('upload_batches')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError(404, BATCH_NOT_FOUND_MESSAGE);
  return toBatch(row);
}
