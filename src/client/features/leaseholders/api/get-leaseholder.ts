import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { LeaseholderDetail } from '../../../../shared/leaseholders';

export function leaseholderUrl(id: string): string {
  return `/api/leaseholders/${encodeURIComponent(id)}`;
}

/**
 * GET /api/leaseholders/{id}: the account, its balance, open link and timeline. Every action on
 * the page answers the account as it now is and puts it here (account-changed.ts). Read again
 * each time the page opens (the last copy shows meanwhile): an upload, a renewal or a payment
 * elsewhere may have changed the balance since.
 */
export function getLeaseholderQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.leaseholders.detail(id),
    queryFn: () => apiRequest<LeaseholderDetail>('GET', leaseholderUrl(id)),
    staleTime: 0,
  });
}

export function useLeaseholder(id: string) {
  return useQuery(getLeaseholderQueryOptions(id));
}
