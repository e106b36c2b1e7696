import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '@/components/ui/toaster';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/auth/logout; a non-OK answer is an error (spec section 7), said as 'Logout failed'
 * (spec section 8). Once signed out the user goes to the public home page, and every cached
 * read is dropped (spec section 4) so nothing an administrator saw stays in memory.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => apiRequest<{ success: true }>('POST', '/api/auth/logout'),
    onSuccess: () => {
      navigate('/');
      queryClient.clear();
    },
    onError: () => toast.error('Logout failed', { description: 'Please try again.' }),
  });
}
