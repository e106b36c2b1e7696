import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Templates } from '../../../../shared/templates';
import { TEMPLATES_URL, templatesQueryOptions } from './get-templates';

/**
 * PUT /api/templates with all 11 fields (spec section 7). The answer is the saved record, which
 * becomes the cached server copy: the next per-tab save takes the other tab's values from it.
 */
export function useUpdateTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templates: Templates) => apiRequest<Templates>('PUT', TEMPLATES_URL, templates),
    onSuccess: (saved) => queryClient.setQueryData(templatesQueryOptions.queryKey, saved),
  });
}
