import type { JobItem, JobListQuery, JobPage } from '../../../shared/system-status.js';
import type { AppContext } from '../../context.js';
import type { Job } from '../../jobs/job-types.js';
import { listJobs } from '../../jobs/list-jobs.js';

const iso = (ms: number) => new Date(ms).toISOString();

export function toJobItem(job: Job): JobItem {
  return {
    id: job.id,
    kind: job.kind,
    state: job.status as JobItem['state'],
    attempts: job.attempts,
    maxAttempts: job.max_attempts,
    lastError: job.last_error,
    runAt: iso(job.run_at),
    createdAt: iso(job.created_at),
    updatedAt: iso(job.updated_at),
  };
}

/** Jobs in one state, most recently changed first, with how many there are in all. */
export async function listJobPage(ctx: AppContext, query: JobListQuery): Promise<JobPage> {
  const [jobs, total] = await Promise.all([
    listJobs(ctx.db, { status: query.state, limit: query.limit, offset: query.offset }),
    ctx.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', query.state)
      .executeTakeFirstOrThrow(),
  ]);
  return { items: jobs.map(toJobItem), total: Number(total.n) };
}
