import { useLocation, useSearch } from 'wouter';
import {
  type LeaseholderListQuery,
  LeaseholderListQuerySchema,
} from '../../../shared/leaseholders';

/** Rows a page of the list shows (the API's own default). */
export const LEASEHOLDER_PAGE_SIZE = 25;

/** The list an address shows; an address that does not parse reads as the default view. */
export function leaseholderListQueryOf(search: string): LeaseholderListQuery {
  const raw = Object.fromEntries(new URLSearchParams(search));
  const parsed = LeaseholderListQuerySchema.safeParse(raw);
  const query = parsed.success ? parsed.data : LeaseholderListQuerySchema.parse({});
  return { ...query, search: query.search || undefined };
}

function toSearchParams(query: LeaseholderListQuery): string {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.status) params.set('status', query.status);
  if (query.sort !== 'balance' || query.direction !== 'desc') {
    params.set('sort', query.sort);
    params.set('direction', query.direction);
  }
  if (query.limit !== LEASEHOLDER_PAGE_SIZE) params.set('limit', String(query.limit));
  if (query.offset > 0) params.set('offset', String(query.offset));
  return params.toString();
}

/**
 * The list's search, filter, sort and page live in the address (as Payment Status's do), so a
 * view can be bookmarked or shared and Back from a leaseholder returns to it. Changes replace
 * the history entry, so Back leaves the list rather than undoing each keystroke.
 */
export function useLeaseholderListQuery(): [
  LeaseholderListQuery,
  (next: Partial<LeaseholderListQuery>) => void,
] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = leaseholderListQueryOf(search);
  const update = (next: Partial<LeaseholderListQuery>) => {
    const text = toSearchParams({ ...query, ...next });
    navigate(`/leaseholders${text ? `?${text}` : ''}`, { replace: true });
  };
  return [query, update];
}
