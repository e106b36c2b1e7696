import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { PreviewData, PreviewResult } from '../../../../shared/messages';

export const GENERATE_PREVIEW_URL = '/api/preview/generate';

/**
 * POST /api/preview/generate (spec section 7). A POST only because the preview data is too much
 * for a query string; it changes nothing, so it is cached like a read under its own data.
 */
export function previewQueryOptions(data: PreviewData) {
  return queryOptions({
    queryKey: [GENERATE_PREVIEW_URL, data],
    queryFn: () => apiRequest<PreviewResult>('POST', GENERATE_PREVIEW_URL, data),
  });
}

export function useGeneratePreview(data: PreviewData) {
  return useQuery(previewQueryOptions(data));
}
