import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { DashboardStats } from '../../../../shared/dashboard';

/** GET /api/dashboard/stats: the four figures (spec section 2). */
export function getDashboardStatsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.dashboard.stats,
    queryFn: () => apiRequest<DashboardStats>('GET', '/api/dashboard/stats'),
  });
}

export function useDashboardStats() {
  return useQuery(getDashboardStatsQueryOptions());
}
