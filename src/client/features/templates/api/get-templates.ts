import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Templates } from '../../../../shared/templates';

export const TEMPLATES_URL = '/api/templates';

/** Admin: the 11 message templates as saved, or the defaults until staff save their own. */
export const getTemplatesQueryOptions = queryOptions({
  queryKey: queryKeys.templates,
  queryFn: () => apiRequest<Templates>('GET', TEMPLATES_URL),
});

export function useTemplates() {
  return useQuery(getTemplatesQueryOptions);
}
