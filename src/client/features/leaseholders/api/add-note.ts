import { mutationOptions, useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { apiRequest, errorMessage } from '@/lib/api-client';
import type { LeaseholderDetail } from '../../../../shared/leaseholders';
import { showChangedAccount } from './account-changed';

/** POST /api/leaseholders/{id}/notes: a staff note in the leaseholder's history. */
export const addNoteMutationOptions = mutationOptions({
  mutationFn: ({ id, text }: { id: string; text: string }) =>
    apiRequest<LeaseholderDetail>('POST', `/api/leaseholders/${encodeURIComponent(id)}/notes`, {
      text,
    }),
  onSuccess: (detail, _variables, _result, { client }) => {
    showChangedAccount(client, detail);
    toast.success('Note added', { description: 'It is at the top of the history.' });
  },
  onError: (error) =>
    toast.error('Note not added', {
      description: errorMessage(error, 'The note could not be saved. Please try again.'),
    }),
});

export function useAddNote() {
  return useMutation(addNoteMutationOptions);
}
