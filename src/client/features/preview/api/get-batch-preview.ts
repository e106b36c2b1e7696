import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { BatchPreview } from '../../../../shared/messages';

export function batchPreviewUrl(batchId: string): string {
  return `/api/upload/batch/${encodeURIComponent(batchId)}/preview`;
}

/** GET /api/upload/batch/{batchId}/preview (spec section 7): every tenant's messages. */
export function batchPreviewQueryOptions(batchId: string) {
  return queryOptions({
    queryKey: [batchPreviewUrl(batchId)],
    queryFn: () => apiRequest<BatchPreview>('GET', batchPreviewUrl(batchId)),
  });
}

export function useBatchPreview(batchId: string) {
  return useQuery(batchPreviewQueryOptions(batchId));
}
