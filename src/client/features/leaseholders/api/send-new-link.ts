import { mutationOptions, useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { apiRequest, errorMessage } from '@/lib/api-client';
import type { LeaseholderDetail } from '../../../../shared/leaseholders';
import { formatPence } from '../../../../shared/money';
import { showChangedAccount } from './account-changed';

/**
 * POST /api/leaseholders/{id}/links: a new link for the whole balance, sent at once on every
 * channel the leaseholder has; it replaces their open link. Refused (409) with nothing owed or
 * while chasing is held, in the server's words.
 */
export const sendNewLinkMutationOptions = mutationOptions({
  mutationFn: (id: string) =>
    apiRequest<LeaseholderDetail>('POST', `/api/leaseholders/${encodeURIComponent(id)}/links`),
  onSuccess: (detail, _id, _result, { client }) => {
    showChangedAccount(client, detail);
    toast.success('New link sent', {
      description: `A payment link for ${formatPence(detail.balancePence)} has been sent to ${detail.name}.`,
    });
  },
  onError: (error) =>
    toast.error('Link not sent', {
      description: errorMessage(error, 'The new link could not be sent. Please try again.'),
    }),
});

export function useSendNewLink() {
  return useMutation(sendNewLinkMutationOptions);
}
