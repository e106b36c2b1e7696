import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/logout. Spec section 4: signing out clears every cached read. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ success: true }>('POST', '/api/auth/logout'),
    onSuccess: () => {
      queryClient.clear();
    },
  });
}
