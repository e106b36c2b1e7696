import { JOB_NOT_DEAD_MESSAGE, JOB_NOT_FOUND_MESSAGE } from '../../../shared/system-status.js';
import type { AppContext } from '../../context.js';
import { retryDeadJob } from '../../jobs/retry-dead-job.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';

/**
 * An admin puts a dead job back in the queue (the cause fixed, e.g. a provider setting), with a
 * fresh set of attempts; audited in the same transaction. Unknown → 404; not dead (already
 * retried, say by a second click) → 409.
 */
export async function retryJob(
  ctx: AppContext,
  id: number,
): Promise<{ id: number; state: 'queued' }> {
  return ctx.db.transaction().execute(async (trx) => {
    const job = await trx
      .selectFrom('jobs')
      .select(['kind', 'attempts'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!job) throw new AppError('NOT_FOUND', JOB_NOT_FOUND_MESSAGE);
    if (!(await retryDeadJob(trx, id, ctx.clock)))
      throw new AppError('CONFLICT', JOB_NOT_DEAD_MESSAGE);
    await writeAudit(trx, ctx.clock, {
      actor: 'admin',
      action: 'job.retried',
      subject: `job ${id}`,
      details: { kind: job.kind, attempts: job.attempts },
    });
    return { id, state: 'queued' as const };
  });
}
