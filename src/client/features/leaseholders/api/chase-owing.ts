import { mutationOptions, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import { queryKeys } from '@/lib/query-keys';
import type { ChasePreview, ChaseResult } from '../../../../shared/chase';
import { formatDateTime } from '../../../../shared/dates';
import { formatPence } from '../../../../shared/money';
import { refreshAccountViews } from './account-changed';

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

/** POST /api/leaseholders/chase: a new link to everyone the preview counted, sent at once. */
export const chaseOwingMutationOptions = mutationOptions({
  mutationFn: () => apiRequest<ChaseResult>('POST', '/api/leaseholders/chase'),
  onSuccess: (result, _variables, _result, { client }) => {
    void refreshAccountViews(client);
    void client.invalidateQueries({ queryKey: queryKeys.leaseholders.all });
    toast.success(result.sent === 0 ? 'No links to send' : 'New links sent', {
      description:
        result.sent === 0
          ? 'Everyone owing already has an open link.'
          : `A payment link went to ${plural(result.sent, 'leaseholder')}, for ${formatPence(result.owedPence)} in all.${
              isHeldForMorning(result.sendsAt)
                ? ` The messages go on ${formatDateTime(result.sendsAt)}.`
                : ''
            }`,
    });
  },
  onError: (error) =>
    toast.error('Links not sent', {
      description: errorMessage(error, 'The links could not be sent. Please try again.'),
    }),
});

export function useChaseOwing() {
  return useMutation(chaseOwingMutationOptions);
}
