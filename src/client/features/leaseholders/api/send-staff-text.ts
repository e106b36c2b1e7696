import { mutationOptions, useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { LeaseholderDetail } from '../../../../shared/leaseholders';
import type { StaffTextRequest } from '../../../../shared/messages';
import { showChangedAccount } from './account-changed';

/** POST /api/leaseholders/{id}/texts: staff's own text to the leaseholder's mobile. */
export const sendStaffTextMutationOptions = mutationOptions({
  mutationFn: ({ id, ...request }: StaffTextRequest & { id: string }) =>
    apiRequest<LeaseholderDetail>(
      'POST',
      `/api/leaseholders/${encodeURIComponent(id)}/texts`,
      request,
    ),
  onSuccess: (detail, _variables, _result, { client }) => {
    showChangedAccount(client, detail);
    // Answered: their replies have left the dashboard's list.
    void client.invalidateQueries({ queryKey: queryKeys.dashboard.replies });
    toast.success('Text sent', { description: 'It is at the top of the history.' });
  },
  onError: (error) =>
    toast.error('Text not sent', {
      description: errorMessage(error, 'The text could not be sent. Please try again.'),
    }),
});

export function useSendStaffText() {
  return useMutation(sendStaffTextMutationOptions);
}
