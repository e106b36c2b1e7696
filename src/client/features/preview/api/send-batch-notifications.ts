import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface BatchSendResult {
  totalSent: number;
}

/** POST /api/upload/batch/{id}/send-notifications (spec section 7), no body. */
export function useSendBatchNotifications() {
  return useMutation({
    mutationFn: (batchId: string) =>
      apiRequest<BatchSendResult>(
        'POST',
        `/api/upload/batch/${encodeURIComponent(batchId)}/send-notifications`,
      ),
  });
}
