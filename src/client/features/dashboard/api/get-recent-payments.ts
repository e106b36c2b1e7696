import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { RecentPayment } from '../../../../shared/dashboard';

/** GET /api/dashboard/recent-payments (spec section 7). */
export function getRecentPaymentsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.dashboard.recentPayments,
    queryFn: () => apiRequest<RecentPayment[]>('GET', '/api/dashboard/recent-payments'),
  });
}

export function useRecentPayments() {
  return useQuery(getRecentPaymentsQueryOptions());
}
