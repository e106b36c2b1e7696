import { mutationOptions, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import { queryKeys } from '@/lib/query-keys';
import type { ChasePreview, ChaseProgress } from '../../../../shared/chase';
import { formatDateTime } from '../../../../shared/dates';
import { formatPence } from '../../../../shared/money';

/** How often a running chase is asked how far it has got. */
const PROGRESS_POLL_MS = 1_000;

/** Whether a chase's messages wait for the morning: it was pressed at night (10:00–20:00 UK time). */
export function isHeldForMorning(sendsAt: string): boolean {
  return Date.parse(sendsAt) > Date.now() + 60_000;
}

/** GET /api/leaseholders/chase: who a chase would send to now; read afresh each time it opens. */
export const chasePreviewQueryOptions = queryOptions({
  queryKey: queryKeys.leaseholders.chase,
  queryFn: () => apiRequest<ChasePreview>('GET', '/api/leaseholders/chase'),
  staleTime: 0,
  gcTime: 0,
});

export function useChasePreview(isOpen: boolean) {
  return useQuery({ ...chasePreviewQueryOptions, enabled: isOpen });
}

/** GET /api/leaseholders/chase/:id: how far a chase has got, asked again while it runs. */
export function chaseProgressQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.leaseholders.chaseProgress(id),
    queryFn: () => apiRequest<ChaseProgress>('GET', `/api/leaseholders/chase/${id}`),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? PROGRESS_POLL_MS : false),
  });
}

export function useChaseProgress(id: string | undefined) {
  return useQuery({ ...chaseProgressQueryOptions(id ?? ''), enabled: id !== undefined });
}

/** POST /api/leaseholders/chase: starts a chase (or answers the one running); a job sends. */
export const startChaseMutationOptions = mutationOptions({
  mutationFn: () => apiRequest<ChaseProgress>('POST', '/api/leaseholders/chase'),
  onError: (error) =>
    toast.error('Links not sent', {
      description: errorMessage(error, 'The links could not be sent. Please try again.'),
    }),
});

export function useStartChase() {
  return useMutation(startChaseMutationOptions);
}

/** The toast for a chase that has reached everyone it could. */
export function toastChaseFinished(chase: ChaseProgress): void {
  toast.success(chase.sent === 0 ? 'No links to send' : 'New links sent', {
    description:
      chase.sent === 0
        ? 'Everyone owing already has an open link.'
        : `A payment link went to ${plural(chase.sent, 'leaseholder')}, for ${formatPence(chase.owedPence)} in all.${
            isHeldForMorning(chase.sendsAt)
              ? ` The messages go on ${formatDateTime(chase.sendsAt)}.`
              : ''
          }`,
  });
}
