import { useLocation, useSearch } from 'wouter';

/** A server-paged list's view: its filters, sort and page. */
interface ListView {
  sort: string;
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * A list's view lives in the page's address (Payment Status, Leaseholders), so it can be
 * bookmarked or shared, Back from a row returns to it, and the address is the one source of
 * truth: the view is read from it and every change is written to it. Changes replace the history
 * entry, so Back leaves the page rather than undoing each keystroke. The address carries only
 * what differs from the default view: the `filters` that are set, in that order, then the sort,
 * page size and offset.
 */
export function useAddressQuery<Q extends ListView>(
  path: string,
  parse: (search: string) => Q,
  defaults: Pick<Q, 'sort' | 'direction' | 'limit'>,
  filters: readonly (keyof Q & string)[],
): [Q, (next: Partial<Q>) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = parse(search);
  const update = (next: Partial<Q>) => {
    const view = { ...query, ...next };
    const params = new URLSearchParams();
    for (const key of filters) {
      if (view[key]) params.set(key, String(view[key]));
    }
    if (view.sort !== defaults.sort || view.direction !== defaults.direction) {
      params.set('sort', view.sort);
      params.set('direction', view.direction);
    }
    if (view.limit !== defaults.limit) params.set('limit', String(view.limit));
    if (view.offset > 0) params.set('offset', String(view.offset));
    const text = params.toString();
    navigate(`${path}${text ? `?${text}` : ''}`, { replace: true });
  };
  return [query, update];
}
