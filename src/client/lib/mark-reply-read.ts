import { mutationOptions, useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /api/dashboard/replies/{id}/read, from the dashboard or the leaseholder's history, then
 * reads both again; a failure says so in a toast.
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
  onError: (error) =>
    toast.error('Could not mark as read', {
      description: errorMessage(error, 'Something went wrong. Please try again.'),
    }),
});

export function useMarkReplyRead() {
  return useMutation(markReplyReadMutationOptions);
}
