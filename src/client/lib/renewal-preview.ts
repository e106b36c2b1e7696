import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RenewalPreview } from '../../shared/payment-links';
import { apiRequest } from './api-client';

/**
 * GET /api/payment-links/{id}/renewal: what Renew would send. Here rather than in a feature
 * because Payment Status and the dashboard's expiry alerts both renew. Read fresh each time the
 * question is asked: a link's message may have gone a minute ago.
 */
export function renewalPreviewQueryOptions(linkId: string) {
  return queryOptions({
    queryKey: ['renewal-preview', linkId],
    queryFn: () =>
      apiRequest<RenewalPreview>('GET', `/api/payment-links/${encodeURIComponent(linkId)}/renewal`),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useRenewalPreview(linkId: string | null) {
  return useQuery({ ...renewalPreviewQueryOptions(linkId ?? ''), enabled: linkId !== null });
}
