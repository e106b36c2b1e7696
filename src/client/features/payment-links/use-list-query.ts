import { useAddressQuery } from '@/lib/use-address-query';
import {
  listQueryOfSearch,
  type PaymentLinkListQuery,
  STATUS_PAGE_SIZE,
} from '../../../shared/payment-links';

/** Payment Status's view (filters, sort and page), in the address. */
export function useListQuery() {
  return useAddressQuery<PaymentLinkListQuery>(
    '/payments',
    listQueryOfSearch,
    { sort: 'createdAt', direction: 'desc', limit: STATUS_PAGE_SIZE },
    ['status', 'search'],
  );
}
