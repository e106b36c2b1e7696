import { hashKey, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { apiRequest } from '@/lib/api-client';
import type { AuthStatus } from '../../../../shared/auth';

export const AUTH_STATUS_URL = '/api/auth/status';

/** Spec section 7: GET /api/auth/status. Answers 200 whether or not anyone is signed in. */
export function authStatusQueryOptions() {
  return queryOptions({
    queryKey: [AUTH_STATUS_URL],
    queryFn: () => apiRequest<AuthStatus>('GET', AUTH_STATUS_URL),
  });
}

/**
 * The auth status, kept current across sign-in and sign-out. Both call queryClient.clear()
 * (spec section 4), which drops the cached query without telling the components that show it,
 * so this also watches the cache and re-renders when the auth query is replaced: otherwise the
 * login form would stay up after a successful sign-in on the page the user is already on.
 */
export function useAuthStatus() {
  const queryClient = useQueryClient();
  const queryCache = queryClient.getQueryCache();
  const options = authStatusQueryOptions();
  const hash = hashKey(options.queryKey);
  const subscribe = useCallback(
    (onChange: () => void) => queryCache.subscribe(onChange),
    [queryCache],
  );
  useSyncExternalStore(subscribe, () => queryCache.get(hash));
  return useQuery(options);
}
