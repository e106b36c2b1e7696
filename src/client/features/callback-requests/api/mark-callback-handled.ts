import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { MarkCallbackHandledResult } from '../../../../shared/callback-requests';
import { CALLBACK_REQUESTS_URL } from './get-callback-requests';

/** POST /api/callback-requests/:id/handled, then reads every list again (waiting and handled). */
export const markCallbackHandledMutationOptions = mutationOptions({
  mutationFn: (id: string) =>
    apiRequest<MarkCallbackHandledResult>(
      'POST',
      `${CALLBACK_REQUESTS_URL}/${encodeURIComponent(id)}/handled`,
    ),
  // Returned so the button stays busy until the row has left the refreshed list.
  onSuccess: (_result, _id, _context, { client }) =>
    client.invalidateQueries({ queryKey: queryKeys.callbackRequests.all }),
});

export function useMarkCallbackHandled() {
  return useMutation(markCallbackHandledMutationOptions);
}
