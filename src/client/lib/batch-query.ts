import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Batch, isFinalBatchStatus } from '../../shared/upload';
import { apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/** Spec sections 4 and 9: the status is re-read every 2 s until it is final. */
export const BATCH_POLL_MS = 2000;

/**
 * GET /api/upload/batch/{id}: the batch's status and counts. Here rather than in a feature
 * because the upload page and the batch preview (what was sent, and when) both read it.
 */
export function getBatchQueryOptions(batchId: string) {
  return queryOptions({
    queryKey: queryKeys.uploadBatch(batchId),
    queryFn: () => apiRequest<Batch>('GET', `/api/upload/batch/${encodeURIComponent(batchId)}`),
    refetchInterval: (query) =>
      isFinalBatchStatus(query.state.data?.status) || query.state.error ? false : BATCH_POLL_MS,
  });
}

/** The upload page showing this batch. */
export function uploadBatchHref(batchId: string): string {
  return `/upload?batchId=${encodeURIComponent(batchId)}`;
}

export function useBatch(batchId: string | null) {
  return useQuery({ ...getBatchQueryOptions(batchId ?? ''), enabled: batchId !== null });
}
