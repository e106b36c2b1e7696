import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ProviderModes } from '../../../../shared/system';

export const PROVIDER_MODES_URL = '/api/system/modes';

/** Admin only: which outside services are real and which are captured or simulated. */
export function providerModesQueryOptions() {
  return queryOptions({
    queryKey: [PROVIDER_MODES_URL],
    queryFn: () => apiRequest<ProviderModes>('GET', PROVIDER_MODES_URL),
  });
}

export function useProviderModes() {
  return useQuery(providerModesQueryOptions());
}
