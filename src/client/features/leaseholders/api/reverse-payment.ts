import { mutationOptions, useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { apiRequest, errorMessage } from '@/lib/api-client';
import type { LeaseholderDetail, PaymentReversal } from '../../../../shared/leaseholders';
import { balanceSentence } from '../../../../shared/money';
import { showChangedAccount } from './account-changed';

/**
 * POST /api/leaseholders/{id}/payments/{paymentId}/reverse: a payment staff recorded did not
 * come in (a bounced cheque) or was recorded in error. Its amount is owed again; nothing is sent.
 */
export const reversePaymentMutationOptions = mutationOptions({
  mutationFn: ({
    accountId,
    paymentId,
    reversal,
  }: {
    accountId: string;
    paymentId: string;
    reversal: PaymentReversal;
  }) =>
    apiRequest<LeaseholderDetail>(
      'POST',
      `/api/leaseholders/${encodeURIComponent(accountId)}/payments/${encodeURIComponent(paymentId)}/reverse`,
      reversal,
    ),
  onSuccess: (detail, _variables, _result, { client }) => {
    showChangedAccount(client, detail);
    toast.success('Payment reversed', {
      description: `Balance now ${balanceSentence(detail.balancePence)}. Nothing was sent to ${detail.name}.`,
    });
  },
  onError: (error) =>
    toast.error('Payment not reversed', {
      description: errorMessage(error, 'The payment could not be reversed. Please try again.'),
    }),
});

export function useReversePayment() {
  return useMutation(reversePaymentMutationOptions);
}
