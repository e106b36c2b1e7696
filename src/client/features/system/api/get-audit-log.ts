import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { AuditPage } from '../../../../shared/system-status';
import { SYSTEM_URL } from './get-system-overview';

export interface AuditFilters {
  search?: string;
  limit: number;
  offset: number;
}

/** GET /api/system/audit: who did what and when, newest first, searched and paged on the server. */
export function auditLogQueryOptions(filters: AuditFilters) {
  const search = new URLSearchParams({
    ...(filters.search ? { search: filters.search } : {}),
    limit: String(filters.limit),
    offset: String(filters.offset),
  });
  return queryOptions({
    queryKey: queryKeys.system.auditLog(filters),
    queryFn: () => apiRequest<AuditPage>('GET', `${SYSTEM_URL}/audit?${search}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(filters: AuditFilters) {
  return useQuery(auditLogQueryOptions(filters));
}
