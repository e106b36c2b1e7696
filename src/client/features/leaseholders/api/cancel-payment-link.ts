import { mutationOptions, useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { refreshAccountViews } from './account-changed';

/**
 * POST /api/payment-links/{id}/cancel: the link stops working and its reminders stop; the
 * balance stays owed. It answers nothing, so the account is read again.
 */
export const cancelPaymentLinkMutationOptions = mutationOptions({
  mutationFn: ({ linkId }: { linkId: string; accountId: string }) =>
    apiRequest('POST', `/api/payment-links/${encodeURIComponent(linkId)}/cancel`),
  onSuccess: () =>
    toast.success('Link cancelled', {
      description: 'It no longer takes payments and its reminders have stopped.',
    }),
  onError: (error) =>
    toast.error('Link not cancelled', {
      description: errorMessage(error, 'The link could not be cancelled. Please try again.'),
    }),
  // Returned, so the dialog stays busy until the page shows the link gone.
  onSettled: (_answer, _error, { accountId }, _result, { client }) =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.leaseholders.detail(accountId) }),
      refreshAccountViews(client),
    ]),
});

export function useCancelPaymentLink() {
  return useMutation(cancelPaymentLinkMutationOptions);
}
