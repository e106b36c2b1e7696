import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { DisputedPayment } from '../../../../shared/dashboard';

/** GET /api/dashboard/disputes: payments disputed by the leaseholder's bank, to answer in Stripe. */
export function getDisputesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.dashboard.disputes,
    queryFn: () => apiRequest<DisputedPayment[]>('GET', '/api/dashboard/disputes'),
  });
}

export function useDisputes() {
  return useQuery(getDisputesQueryOptions());
}
