import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { SendNotificationsResult } from '../../shared/upload';
import { apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/**
 * POST /api/upload/batch/{id}/send-notifications (spec section 7) → {totalSent}. Here rather
 * than in a feature because both the upload page and the batch preview send a batch; afterwards
 * the batch, its preview and the dashboard's unsent uploads are read again, so all show it sent.
 */
export const sendBatchNotificationsMutationOptions = mutationOptions({
  mutationFn: (batchId: string) =>
    apiRequest<SendNotificationsResult>(
      'POST',
      `/api/upload/batch/${encodeURIComponent(batchId)}/send-notifications`,
    ),
  onSettled: (_result, _error, batchId, _context, { client }) =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.uploadBatch(batchId) }),
      client.invalidateQueries({ queryKey: queryKeys.batchPreview(batchId) }),
      client.invalidateQueries({ queryKey: queryKeys.dashboard.unsentUploads }),
    ]),
});

export function useSendBatchNotifications() {
  return useMutation(sendBatchNotificationsMutationOptions);
}
