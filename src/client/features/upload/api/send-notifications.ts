import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { SendNotificationsResult } from '../../../../shared/upload';

/** POST /api/upload/batch/{id}/send-notifications → {totalSent}. */
export function useSendNotifications(batchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<SendNotificationsResult>(
        'POST',
        `/api/upload/batch/${encodeURIComponent(batchId)}/send-notifications`,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['upload-batch', batchId] }),
  });
}
