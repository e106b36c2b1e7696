import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { AuthStatus } from '../../../../shared/auth';

export const AUTH_STATUS_URL = '/api/auth/status';

/** Spec section 7: GET /api/auth/status. Answers 200 whether or not anyone is signed in. */
export function getAuthStatusQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.authStatus,
    queryFn: () => apiRequest<AuthStatus>('GET', AUTH_STATUS_URL),
  });
}

export function useAuthStatus() {
  return useQuery(getAuthStatusQueryOptions());
}
