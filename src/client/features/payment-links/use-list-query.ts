import { useLocation, useSearch } from 'wouter';
import {
  listQueryOfSearch,
  type PaymentLinkListQuery,
  STATUS_PAGE_SIZE,
} from '../../../shared/payment-links';

function toSearchParams(query: PaymentLinkListQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.search) params.set('search', query.search);
  if (query.sort !== 'createdAt' || query.direction !== 'desc') {
    params.set('sort', query.sort);
    params.set('direction', query.direction);
  }
  if (query.limit !== STATUS_PAGE_SIZE) params.set('limit', String(query.limit));
  if (query.offset > 0) params.set('offset', String(query.offset));
  return params.toString();
}

/**
 * The view's filters, sort and page live in the address, so a view can be bookmarked and the
 * address is the one source of truth: everything on the page is read from it, and every change
 * is written to it (replacing the history entry, so Back leaves the page rather than undoing
 * each keystroke). An address that does not parse reads as the default view.
 */
export function useListQuery(): [
  PaymentLinkListQuery,
  (next: Partial<PaymentLinkListQuery>) => void,
] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = listQueryOfSearch(search);
  const update = (next: Partial<PaymentLinkListQuery>) => {
    const text = toSearchParams({ ...query, ...next });
    navigate(`/payments${text ? `?${text}` : ''}`, { replace: true });
  };
  return [query, update];
}
