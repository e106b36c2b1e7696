import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { BatchPreview } from '../../../../shared/messages';

/** GET /api/upload/batch/{batchId}/preview (spec section 7): every tenant's messages. */
export function getBatchPreviewQueryOptions(batchId: string) {
  return queryOptions({
    queryKey: queryKeys.batchPreview(batchId),
    queryFn: () =>
      apiRequest<BatchPreview>('GET', `/api/upload/batch/${encodeURIComponent(batchId)}/preview`),
  });
}

export function useBatchPreview(batchId: string) {
  return useQuery(getBatchPreviewQueryOptions(batchId));
}
