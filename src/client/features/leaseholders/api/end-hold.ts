import { mutationOptions, useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { apiRequest, errorMessage } from '@/lib/api-client';
import type { LeaseholderDetail } from '../../../../shared/leaseholders';
import { showChangedAccount } from './account-changed';

/** DELETE /api/leaseholders/{id}/hold: chasing resumes now; messages that waited go out. */
export const endHoldMutationOptions = mutationOptions({
  mutationFn: (id: string) =>
    apiRequest<LeaseholderDetail>('DELETE', `/api/leaseholders/${encodeURIComponent(id)}/hold`),
  onSuccess: (detail, _id, _result, { client }) => {
    showChangedAccount(client, detail);
    toast.success('Hold ended', {
      description: 'Chasing has resumed: reminders that waited for the hold go out now.',
    });
  },
  onError: (error) =>
    toast.error('Hold not ended', {
      description: errorMessage(error, 'The hold could not be ended. Please try again.'),
    }),
});

export function useEndHold() {
  return useMutation(endHoldMutationOptions);
}
