import { useQuery } from '@tanstack/react-query';
import { getCallbackRequestsQueryOptions } from '../api/get-callback-requests';

/** How often the sidebar looks for new requests: a caller should not wait long unseen. */
export const CALLBACK_BADGE_REFRESH_MS = 60_000;

/**
 * The number of Call Me Now requests waiting (issue 31), shown on the sidebar's Dashboard item
 * where staff see it from every page. It shares the dashboard card's cached list and, unlike the
 * spec's own calls, is read again every minute, so a new request is not missed. Nothing while
 * none wait or the count cannot be read.
 */
export function CallbackWaitingBadge() {
  const waiting = useQuery({
    ...getCallbackRequestsQueryOptions('waiting'),
    refetchInterval: CALLBACK_BADGE_REFRESH_MS,
  });
  const count = waiting.data?.waitingCount ?? 0;
  if (count === 0) return null;
  return (
    <span className="ml-auto inline-flex min-w-6 items-center justify-center rounded-full bg-warning px-2 py-0.5 text-xs font-semibold text-white tabular-nums">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">
        {` (${count} call-back ${count === 1 ? 'request' : 'requests'} waiting)`}
      </span>
    </span>
  );
}
