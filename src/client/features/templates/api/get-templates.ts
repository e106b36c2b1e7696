import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Templates } from '../../../../shared/templates';

export const TEMPLATES_URL = '/api/templates';

/** Admin: the 11 message templates as saved, or the defaults until staff save their own. */
export const templatesQueryOptions = queryOptions({
  queryKey: [TEMPLATES_URL],
  queryFn: () => apiRequest<Templates>('GET', TEMPLATES_URL),
});

export function useTemplates() {
  return useQuery(templatesQueryOptions);
}
