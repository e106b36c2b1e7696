import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';

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
    const [authStatusKey] = queryKeys.authStatus;
    const [loginKey] = mutationKeys.login;
    const recheck = () => queryClient.invalidateQueries({ queryKey: queryKeys.authStatus });
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (event.query.queryKey[0] === authStatusKey) return;
      if (isUnauthorized(event.action.error)) void recheck();
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      // A wrong password is a 401 too, and says nothing about an existing session.
      if (event.mutation.options.mutationKey?.[0] === loginKey) return;
      if (isUnauthorized(event.action.error)) void recheck();
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}
