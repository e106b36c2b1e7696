import { mutationOptions, useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { PaymentLinkItem } from '../../../../shared/payment-links';

/**
 * POST /api/payment-links/{id}/renew with spec section 8's toasts; the links list and the
 * dashboard are read again after it, whichever page asked.
 */
export const renewPaymentLinkMutationOptions = mutationOptions({
  mutationFn: (id: string) =>
    apiRequest<PaymentLinkItem>('POST', `/api/payment-links/${encodeURIComponent(id)}/renew`),
  onSuccess: () =>
    toast.success('Payment link renewed', {
      description: 'A new payment link has been generated and sent to the tenant.',
    }),
  onError: (error) =>
    toast.error('Failed to renew link', {
      description: errorMessage(error, 'Something went wrong'),
    }),
  // Returned, so the Renew button stays busy until the lists show the new link.
  onSettled: (_link, _error, _id, _result, { client }) =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.paymentLinks.all }),
      client.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
    ]),
});

/** Renews a link; `renewingId` is the link being renewed, for its button's busy state. */
export function useRenewPaymentLink() {
  const mutation = useMutation(renewPaymentLinkMutationOptions);
  return {
    renew: mutation.mutate,
    renewingId: mutation.isPending ? mutation.variables : null,
  };
}
