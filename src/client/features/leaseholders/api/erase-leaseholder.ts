import { mutationOptions, useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { EraseLeaseholderResult } from '../../../../shared/data-protection';

/**
 * POST /api/leaseholders/{id}/erase with what the clerk typed (their name or ERASE; the server
 * checks it too). Everything that shows the leaseholder is read again after it.
 */
export const eraseLeaseholderMutationOptions = mutationOptions({
  mutationFn: ({ id, confirm }: { id: string; confirm: string }) =>
    apiRequest<EraseLeaseholderResult>(
      'POST',
      `/api/leaseholders/${encodeURIComponent(id)}/erase`,
      { confirm },
    ),
  onSuccess: () =>
    toast.success('Personal data erased', {
      description:
        'Name, contact details, address and message contents are gone; amounts and the reference stay.',
    }),
  onError: (error) =>
    toast.error('Erasure failed', {
      description: errorMessage(error, 'The leaseholder’s data could not be erased.'),
    }),
  // Returned, so the Erase button stays busy until the pages show the erased account.
  onSettled: (_result, _error, _variables, _context, { client }) =>
    Promise.all(
      [
        queryKeys.leaseholders.all,
        queryKeys.paymentLinks.all,
        queryKeys.messages.all,
        queryKeys.callbackRequests.all,
        queryKeys.dashboard.all,
      ].map((queryKey) => client.invalidateQueries({ queryKey })),
    ),
});

export function useEraseLeaseholder() {
  return useMutation(eraseLeaseholderMutationOptions);
}
