import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type {
  MESSAGE_CHANNELS,
  MESSAGE_STATUSES,
  MessageLogPage,
} from '../../../../shared/messages';

export const MESSAGES_URL = '/api/messages';

export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export interface MessageLogFilters {
  status?: MessageStatus;
  channel?: MessageChannel;
  limit: number;
  offset: number;
}

/**
 * GET /api/messages (issue 3 item 5). Unlike the spec's reads, statuses here move on by
 * themselves as delivery reports arrive, so the log is read again each time the page opens
 * (staleTime 0) while keeping the previous page on screen during paging.
 */
export function getMessagesQueryOptions(filters: MessageLogFilters) {
  const search = new URLSearchParams({
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.channel ? { channel: filters.channel } : {}),
    limit: String(filters.limit),
    offset: String(filters.offset),
  });
  return queryOptions({
    queryKey: queryKeys.messages.list(filters),
    queryFn: () => apiRequest<MessageLogPage>('GET', `${MESSAGES_URL}?${search}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useMessages(filters: MessageLogFilters) {
  return useQuery(getMessagesQueryOptions(filters));
}
