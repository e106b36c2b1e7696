import { mutationOptions, useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { formatDate } from '../../../../shared/dates';
import type { HoldRequest, LeaseholderDetail } from '../../../../shared/leaseholders';
import { showChangedAccount } from './account-changed';

/**
 * POST /api/leaseholders/{id}/hold: no reminders and no new links until the end of that day
 * (Breathing Space, a dispute, a payment plan); payments are still taken.
 */
export const holdChasingMutationOptions = mutationOptions({
  mutationFn: ({ id, hold }: { id: string; hold: HoldRequest }) =>
    apiRequest<LeaseholderDetail>('POST', `/api/leaseholders/${encodeURIComponent(id)}/hold`, hold),
  onSuccess: (detail, _variables, _result, { client }) => {
    showChangedAccount(client, detail);
    toast.success('Chasing on hold', {
      description: `No reminders or new links go to ${detail.name} until ${detail.holdUntil ? formatDate(detail.holdUntil) : 'the hold ends'}.`,
    });
  },
  onError: (error) =>
    toast.error('Hold not started', {
      description: errorMessage(error, 'The hold could not be started. Please try again.'),
    }),
});

export function useHoldChasing() {
  return useMutation(holdChasingMutationOptions);
}
