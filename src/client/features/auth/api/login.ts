import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Login } from '../../../../shared/auth';
import { authStatusQueryOptions } from './get-auth-status';

export const LOGIN_URL = '/api/auth/login';

export interface LoginResult {
  success: true;
  loginTime: string;
}

/**
 * POST /api/auth/login. Spec section 4: a successful sign-in starts from an empty cache (nothing
 * read while signed out is kept) and reads the auth status again before anything is shown.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [LOGIN_URL],
    mutationFn: (values: Login) => apiRequest<LoginResult>('POST', LOGIN_URL, values),
    onSuccess: async () => {
      queryClient.clear();
      await queryClient.fetchQuery(authStatusQueryOptions());
    },
  });
}
