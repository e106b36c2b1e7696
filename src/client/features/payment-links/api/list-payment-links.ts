import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { PaymentLinkListQuery, PaymentLinkPage } from '../../../../shared/payment-links';

export function paymentLinksUrl(query: Partial<PaymentLinkListQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return `/api/payment-links?${params}`;
}

/** GET /api/payment-links: one page; the previous page stays on screen while the next loads. */
export function usePaymentLinks(query: PaymentLinkListQuery) {
  return useQuery({
    queryKey: ['payment-links', query],
    queryFn: () => apiRequest<PaymentLinkPage>('GET', paymentLinksUrl(query)),
    placeholderData: keepPreviousData,
  });
}
