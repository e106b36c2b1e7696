import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ProviderModes } from '../../shared/system';

/** Admin only: which outside services are real and which are captured or simulated. */
export function getProviderModesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.providerModes,
    queryFn: () => apiRequest<ProviderModes>('GET', '/api/system/modes'),
  });
}

export function useProviderModes() {
  return useQuery(getProviderModesQueryOptions());
}
