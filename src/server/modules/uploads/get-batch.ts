import type { Batch } from '../../../shared/upload.js';
import { BATCH_NOT_FOUND_MESSAGE } from '../../../shared/upload.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { failStaleBatch, isStaleProcessing } from './fail-stale-batch.js';
import { toBatch } from './to-batch.js';
import { countUnsentLinks } from './unsent-links.js';

/**
 * GET /api/upload/batch/{id}: status and counts, polled by the upload page every 2 s. A batch
 * left 'processing' by a server that died mid-upload is failed here, so the poll ends.
 */
export async function getBatch(ctx: AppContext, id: string): Promise<Batch> {
  let row = await findBatch(ctx, id);
  if (!row) throw new AppError('NOT_FOUND', BATCH_NOT_FOUND_MESSAGE);
  if (isStaleProcessing(row, ctx.clock.now())) {
    await failStaleBatch(ctx, id);
    row = (await findBatch(ctx, id)) ?? row;
  }
  return toBatch(row, {
    landlinePhones: await countLandlines(ctx, id),
    unsentLinks: await countUnsentLinks(ctx, id),
  });
}

function findBatch(ctx: AppContext, id: string) {
  return ctx.db.selectFrom('upload_batches').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Leaseholders of the batch whose only phone is a landline: email only, never WhatsApp/SMS. */
async function countLandlines(ctx: AppContext, batchId: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('payment_links')
    .innerJoin('tenants', 'tenants.id', 'payment_links.tenant_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('payment_links.batch_id', '=', batchId)
    .where('tenants.phone_kind', '=', 'landline')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
