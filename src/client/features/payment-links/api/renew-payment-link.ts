import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { PaymentLinkItem } from '../../../../shared/payment-links';

/** POST /api/payment-links/{id}/renew; the lists and the dashboard are read again after it. */
export function useRenewPaymentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<PaymentLinkItem>('POST', `/api/payment-links/${encodeURIComponent(id)}/renew`),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['payment-links'] });
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
