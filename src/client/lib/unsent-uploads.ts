import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { UnsentUpload } from '../../shared/dashboard';

/** GET /api/dashboard/unsent-uploads: uploads whose links were never sent (dashboard, upload page). */
export function getUnsentUploadsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.dashboard.unsentUploads,
    queryFn: () => apiRequest<UnsentUpload[]>('GET', '/api/dashboard/unsent-uploads'),
  });
}

export function useUnsentUploads() {
  return useQuery(getUnsentUploadsQueryOptions());
}
