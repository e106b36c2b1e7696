import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { PreviewData, PreviewResult } from '../../../../shared/messages';

/**
 * POST /api/preview/generate (spec section 7), the single message preview's own call: the
 * messages a new link would send, rendered by the server from the templates that send them.
 * Cached under the single preview's key, as the same data previews the same messages.
 */
export function newLinkPreviewQueryOptions(data: PreviewData) {
  return queryOptions({
    queryKey: queryKeys.messagePreview(data),
    queryFn: () => apiRequest<PreviewResult>('POST', '/api/preview/generate', data),
  });
}

export function useNewLinkPreview(data: PreviewData) {
  return useQuery(newLinkPreviewQueryOptions(data));
}
