import { mutationOptions, useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { apiRequest, errorMessage } from '@/lib/api-client';
import type { BalanceCorrection, LeaseholderDetail } from '../../../../shared/leaseholders';
import { balanceSentence } from '../../../../shared/money';
import { showChangedAccount } from './account-changed';

/**
 * PUT /api/leaseholders/{id}/balance: staff set what is owed, with a reason. Nothing is sent; the
 * open link asks for the new balance, or closes when nothing is owed.
 */
export const correctBalanceMutationOptions = mutationOptions({
  mutationFn: ({ id, correction }: { id: string; correction: BalanceCorrection }) =>
    apiRequest<LeaseholderDetail>(
      'PUT',
      `/api/leaseholders/${encodeURIComponent(id)}/balance`,
      correction,
    ),
  onSuccess: (detail, _variables, _result, { client }) => {
    showChangedAccount(client, detail);
    toast.success('Balance corrected', {
      description: `Balance now ${balanceSentence(detail.balancePence)}. Nothing was sent to ${detail.name}.`,
    });
  },
  onError: (error) =>
    toast.error('Balance not corrected', {
      description: errorMessage(error, 'The balance could not be corrected. Please try again.'),
    }),
});

export function useCorrectBalance() {
  return useMutation(correctBalanceMutationOptions);
}
