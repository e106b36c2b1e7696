import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /api/dashboard/replies/{id}/read, from the dashboard or the leaseholder's history, then
 * reads both again.
 */
export const markReplyReadMutationOptions = mutationOptions({
  mutationFn: (id: string) =>
    apiRequest<void>('POST', `/api/dashboard/replies/${encodeURIComponent(id)}/read`),
  // Returned so the button stays busy until the reply has left the refreshed list.
  onSuccess: (_result, _id, _context, { client }) =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.dashboard.replies }),
      client.invalidateQueries({ queryKey: queryKeys.leaseholders.all }),
    ]),
});

export function useMarkReplyRead() {
  return useMutation(markReplyReadMutationOptions);
}
