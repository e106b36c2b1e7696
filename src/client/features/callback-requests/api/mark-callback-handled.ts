import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MarkCallbackHandledResult } from '../../../../shared/callback-requests';
import { CALLBACK_REQUESTS_URL } from './get-callback-requests';

/** POST /api/callback-requests/:id/handled, then reads every list again (waiting and handled). */
export function useMarkCallbackHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<MarkCallbackHandledResult>(
        'POST',
        `${CALLBACK_REQUESTS_URL}/${encodeURIComponent(id)}/handled`,
      ),
    // Returned so the button stays busy until the row has left the refreshed list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CALLBACK_REQUESTS_URL] }),
  });
}
