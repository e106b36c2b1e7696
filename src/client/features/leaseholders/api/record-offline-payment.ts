import { mutationOptions, useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { apiRequest, errorMessage } from '@/lib/api-client';
import {
  type LeaseholderDetail,
  OFFLINE_PAYMENT_METHOD_LABELS,
  type OfflinePaymentRequest,
} from '../../../../shared/leaseholders';
import { balanceSentence, decimalStringToPence, formatPence } from '../../../../shared/money';
import { showChangedAccount } from './account-changed';

/**
 * POST /api/leaseholders/{id}/payments: a bank transfer, cheque or cash received away from the
 * portal. The balance falls at once; a payment that covers it closes the open link.
 */
export const recordOfflinePaymentMutationOptions = mutationOptions({
  mutationFn: ({ id, payment }: { id: string; payment: OfflinePaymentRequest }) =>
    apiRequest<LeaseholderDetail>(
      'POST',
      `/api/leaseholders/${encodeURIComponent(id)}/payments`,
      payment,
    ),
  onSuccess: (detail, { payment }, _result, { client }) => {
    showChangedAccount(client, detail);
    toast.success('Payment recorded', {
      description: `${OFFLINE_PAYMENT_METHOD_LABELS[payment.method]} of ${formatPence(decimalStringToPence(payment.amount))} recorded. Balance now ${balanceSentence(detail.balancePence)}.`,
    });
  },
  onError: (error) =>
    toast.error('Payment not recorded', {
      description: errorMessage(error, 'The payment could not be recorded. Please try again.'),
    }),
});

export function useRecordOfflinePayment() {
  return useMutation(recordOfflinePaymentMutationOptions);
}
