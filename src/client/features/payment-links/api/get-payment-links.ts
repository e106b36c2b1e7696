import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import {
  type PaymentLinkListQuery,
  type PaymentLinkPage,
  paymentLinksUrl,
} from '../../../../shared/payment-links';

/**
 * GET /api/payment-links: one page; the previous page stays on screen while the next loads. The
 * first page an address shows was asked for with the page itself (static-client.ts), and the
 * browser answers this fetch from that.
 */
export function getPaymentLinksQueryOptions(query: PaymentLinkListQuery) {
  return queryOptions({
    queryKey: queryKeys.paymentLinks.list(query),
    queryFn: () => apiRequest<PaymentLinkPage>('GET', paymentLinksUrl(query)),
    placeholderData: keepPreviousData,
  });
}

export function usePaymentLinks(query: PaymentLinkListQuery) {
  return useQuery(getPaymentLinksQueryOptions(query));
}
