import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { LeaseholderListQuery, LeaseholderPage } from '../../../../shared/leaseholders';

/** The query string of a list or export address: only the fields that are set. */
export function leaseholdersSearch(query: Partial<LeaseholderListQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/**
 * GET /api/leaseholders: one page, filtered, sorted and paged on the server; the page on screen
 * stays while the next loads, so paging and typing never flash an empty list. Read again each
 * time the list opens, as balances change on other pages (uploads, payments, renewals).
 */
export function getLeaseholdersQueryOptions(query: LeaseholderListQuery) {
  return queryOptions({
    queryKey: queryKeys.leaseholders.list(query),
    queryFn: () =>
      apiRequest<LeaseholderPage>('GET', `/api/leaseholders?${leaseholdersSearch(query)}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useLeaseholders(query: LeaseholderListQuery) {
  return useQuery(getLeaseholdersQueryOptions(query));
}
