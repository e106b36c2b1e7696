import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ExpiringLink } from '../../../../shared/dashboard';

/** GET /api/dashboard/expiring-links (spec section 7). */
export function getExpiringLinksQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.dashboard.expiringLinks,
    queryFn: () => apiRequest<ExpiringLink[]>('GET', '/api/dashboard/expiring-links'),
  });
}

export function useExpiringLinks() {
  return useQuery(getExpiringLinksQueryOptions());
}
