import { useAddressQuery } from '@/lib/use-address-query';
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

/** The Leaseholders list's view, in the address as Payment Status's is. */
export function useLeaseholderListQuery() {
  return useAddressQuery<LeaseholderListQuery>(
    '/leaseholders',
    leaseholderListQueryOf,
    { sort: 'balance', direction: 'desc', limit: LEASEHOLDER_PAGE_SIZE },
    ['search', 'status'],
  );
}
