import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '@/components/ui/toaster';
import { apiRequest } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';
import type { AuthStatus, Login } from '../../../../shared/auth';
import { AUTH_STATUS_URL } from './get-auth-status';

/** Spec section 9: the admin page opens 0.1 s after a successful sign-in. */
export const LOGIN_REDIRECT_DELAY_MS = 100;

export interface LoginResult {
  success: true;
  loginTime: string;
}

/**
 * POST /api/auth/login. Spec section 4: on success every cached read is dropped (nothing read
 * while signed out is kept), the auth status is read again, and /admin opens after 0.1 s.
 *
 * The auth status is replaced in place rather than dropped: the pages watching it then swap from
 * the login form to their content at once, without a spinner in between. These steps live here
 * rather than in mutate() callbacks because the login form unmounts as soon as the new status
 * lands, and mutate() callbacks of an unmounted component never run.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationKey: mutationKeys.login,
    mutationFn: (values: Login) => apiRequest<LoginResult>('POST', '/api/auth/login', values),
    onSuccess: async () => {
      const status = await apiRequest<AuthStatus>('GET', AUTH_STATUS_URL).catch(() => undefined);
      const [authStatusKey] = queryKeys.authStatus;
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authStatusKey });
      // If the status could not be read, the pages watching it read it again.
      if (status) queryClient.setQueryData(queryKeys.authStatus, status);
      else await queryClient.resetQueries({ queryKey: queryKeys.authStatus });
      toast.success('Login Successful', { description: 'Welcome to the admin dashboard' });
      // The page behind the form is usable at once; someone who has already clicked elsewhere
      // within the 0.1 s is not pulled back to the dashboard.
      const signedInAt = window.location.pathname;
      setTimeout(() => {
        if (window.location.pathname === signedInAt) navigate('/admin');
      }, LOGIN_REDIRECT_DELAY_MS);
    },
  });
}
