import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type {
  CallbackRequestList,
  CallbackRequestStatus,
} from '../../../../shared/callback-requests';

export const CALLBACK_REQUESTS_URL = '/api/callback-requests';

/** Admin: Call Me Now requests, waiting (oldest first) or handled (newest first). */
export function getCallbackRequestsQueryOptions(status: CallbackRequestStatus) {
  return queryOptions({
    queryKey: queryKeys.callbackRequests.list(status),
    queryFn: () =>
      apiRequest<CallbackRequestList>(
        'GET',
        `${CALLBACK_REQUESTS_URL}?${new URLSearchParams({ status })}`,
      ),
  });
}

export function useCallbackRequests(status: CallbackRequestStatus) {
  return useQuery(getCallbackRequestsQueryOptions(status));
}
