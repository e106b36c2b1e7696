import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '@/lib/api-client';
import { AUTH_STATUS_URL } from './get-auth-status';
import { LOGIN_URL } from './login';

function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * Sessions end on the server (idle and absolute timeouts, ARCHITECTURE section 7) while the
 * cached auth status still says "signed in". When any admin call answers 401, read the status
 * again so protected pages swap to the login form instead of showing a stream of errors.
 */
export function useSignInAgainOn401(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const recheck = () => queryClient.invalidateQueries({ queryKey: [AUTH_STATUS_URL] });
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (event.query.queryKey[0] === AUTH_STATUS_URL) return;
      if (isUnauthorized(event.action.error)) void recheck();
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      // A wrong password is a 401 too, and says nothing about an existing session.
      if (event.mutation.options.mutationKey?.[0] === LOGIN_URL) return;
      if (isUnauthorized(event.action.error)) void recheck();
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}
