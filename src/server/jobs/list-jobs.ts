import type { Kysely } from 'kysely';
import type { Database, JobStatus } from '../db/schema.js';
import type { Job } from './job-types.js';

export interface ListJobsFilter {
  status?: JobStatus;
  kind?: string;
  limit?: number;
  offset?: number;
}

/** Jobs for the admin's view, most recently changed first (dead jobs stay until retried). */
export async function listJobs(db: Kysely<Database>, filter: ListJobsFilter = {}): Promise<Job[]> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .$if(filter.status !== undefined, (query) => query.where('status', '=', filter.status!))
    .$if(filter.kind !== undefined, (query) => query.where('kind', '=', filter.kind!))
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit ?? 100)
    .offset(filter.offset ?? 0)
    .execute();
}
