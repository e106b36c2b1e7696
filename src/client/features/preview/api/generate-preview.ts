import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { PreviewData, PreviewResult } from '../../../../shared/messages';

/**
 * POST /api/preview/generate (spec section 7). A POST only because the preview data is too much
 * for a query string; it changes nothing, so it is cached like a read under its own data.
 */
export function generatePreviewQueryOptions(data: PreviewData) {
  return queryOptions({
    queryKey: queryKeys.messagePreview(data),
    queryFn: () => apiRequest<PreviewResult>('POST', '/api/preview/generate', data),
  });
}

export function useGeneratePreview(data: PreviewData) {
  return useQuery(generatePreviewQueryOptions(data));
}
