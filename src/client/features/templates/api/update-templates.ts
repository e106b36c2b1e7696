import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Templates } from '../../../../shared/templates';
import { TEMPLATES_URL } from './get-templates';

/**
 * PUT /api/templates with all 11 fields (spec section 7). The answer is the saved record, which
 * becomes the cached server copy: the next per-tab save takes the other tab's values from it.
 */
export const updateTemplatesMutationOptions = mutationOptions({
  mutationFn: (templates: Templates) => apiRequest<Templates>('PUT', TEMPLATES_URL, templates),
  onSuccess: (saved, _templates, _result, { client }) =>
    client.setQueryData(queryKeys.templates, saved),
});

export function useUpdateTemplates() {
  return useMutation(updateTemplatesMutationOptions);
}
