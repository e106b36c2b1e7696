import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { LeaseholderReplies } from '../../../../shared/dashboard';

/** GET /api/dashboard/replies: leaseholders' replies by WhatsApp and text, not yet read. */
export function getRepliesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.dashboard.replies,
    queryFn: () => apiRequest<LeaseholderReplies>('GET', '/api/dashboard/replies'),
  });
}

export function useReplies() {
  return useQuery(getRepliesQueryOptions());
}
