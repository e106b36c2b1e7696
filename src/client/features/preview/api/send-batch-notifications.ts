import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface BatchSendResult {
  totalSent: number;
}

/**
 * POST /api/upload/batch/{id}/send-notifications (spec section 7), no body. Afterwards the
 * upload page's cached batch (key `['upload-batch', id]`, features/upload/api/get-batch.ts;
 * features do not import each other) is refreshed, so /upload?batchId= shows it as sent.
 */
export function useSendBatchNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batchId: string) =>
      apiRequest<BatchSendResult>(
        'POST',
        `/api/upload/batch/${encodeURIComponent(batchId)}/send-notifications`,
      ),
    onSettled: (_result, _error, batchId) =>
      queryClient.invalidateQueries({ queryKey: ['upload-batch', batchId] }),
  });
}
