import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { MessageLogItem } from '../../../../shared/messages';
import { MESSAGES_URL } from './get-messages';

/** GET /api/messages/:id: one message with its full timeline. */
export function getMessageQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.messages.detail(id),
    queryFn: () => apiRequest<MessageLogItem>('GET', `${MESSAGES_URL}/${encodeURIComponent(id)}`),
    staleTime: 0,
  });
}

/** The list's copy is shown at once while the latest one is read. */
export function useMessage(id: string, fromList: MessageLogItem | undefined) {
  return useQuery({ ...getMessageQueryOptions(id), placeholderData: fromList });
}
