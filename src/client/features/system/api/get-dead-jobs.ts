import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { JobPage } from '../../../../shared/system-status';
import { SYSTEM_URL } from './get-system-overview';

/** GET /api/system/jobs?state=dead: the jobs that used up their attempts, newest first. */
export function deadJobsQueryOptions(page: { limit: number; offset: number }) {
  const search = new URLSearchParams({
    state: 'dead',
    limit: String(page.limit),
    offset: String(page.offset),
  });
  return queryOptions({
    queryKey: queryKeys.system.deadJobs(page),
    queryFn: () => apiRequest<JobPage>('GET', `${SYSTEM_URL}/jobs?${search}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useDeadJobs(page: { limit: number; offset: number }) {
  return useQuery(deadJobsQueryOptions(page));
}
