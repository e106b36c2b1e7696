import { mutationOptions, useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { apiRequest, errorMessage } from '@/lib/api-client';
import type { ContactUpdate, LeaseholderDetail } from '../../../../shared/leaseholders';
import { showChangedAccount } from './account-changed';

/**
 * PATCH /api/leaseholders/{id}: name, email, phone, address and Account Reference. The old
 * values stay in the history; a phone the server cannot read, or a reference another account
 * has, is refused in its own words.
 */
export const updateContactMutationOptions = mutationOptions({
  mutationFn: ({ id, contact }: { id: string; contact: ContactUpdate }) =>
    apiRequest<LeaseholderDetail>('PATCH', `/api/leaseholders/${encodeURIComponent(id)}`, contact),
  onSuccess: (detail, _variables, _result, { client }) => {
    showChangedAccount(client, detail);
    toast.success('Contact details saved', {
      description: 'The old details are kept in the history.',
    });
  },
  onError: (error) =>
    toast.error('Contact details not saved', {
      description: errorMessage(error, 'The changes could not be saved. Please try again.'),
    }),
});

export function useUpdateContact() {
  return useMutation(updateContactMutationOptions);
}
