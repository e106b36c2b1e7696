import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { type Batch, isFinalBatchStatus } from '../../../../shared/upload';

/** Spec sections 4 and 9: the status is re-read every 2 s until it is final. */
export const BATCH_POLL_MS = 2000;

/** GET /api/upload/batch/{id}: the batch's status and counts. */
export function getBatchQueryOptions(batchId: string) {
  return queryOptions({
    queryKey: queryKeys.uploadBatch(batchId),
    queryFn: () => apiRequest<Batch>('GET', `/api/upload/batch/${encodeURIComponent(batchId)}`),
    refetchInterval: (query) =>
      isFinalBatchStatus(query.state.data?.status) || query.state.error ? false : BATCH_POLL_MS,
  });
}

export function useBatch(batchId: string | null) {
  return useQuery({ ...getBatchQueryOptions(batchId ?? ''), enabled: batchId !== null });
}
