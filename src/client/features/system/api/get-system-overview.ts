import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { SystemOverview } from '../../../../shared/system-status';

/** Every System page read starts with this, so Refresh can read them all again at once. */
export const SYSTEM_URL = '/api/system';
export const SYSTEM_OVERVIEW_URL = `${SYSTEM_URL}/overview`;

/**
 * GET /api/system/overview. The queue moves by itself, so unlike the spec's reads this one is
 * read again each time the page opens (staleTime 0).
 */
export function systemOverviewQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.system.overview,
    queryFn: () => apiRequest<SystemOverview>('GET', SYSTEM_OVERVIEW_URL),
    staleTime: 0,
  });
}

export function useSystemOverview() {
  return useQuery(systemOverviewQueryOptions());
}
