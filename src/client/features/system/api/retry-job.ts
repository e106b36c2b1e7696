import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { RetryJobResult } from '../../../../shared/system-status';
import { SYSTEM_URL } from './get-system-overview';

/**
 * POST /api/system/jobs/:id/retry, then the whole page is read again (the queue, the dead jobs
 * and the audit log, which now records the retry).
 */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<RetryJobResult>('POST', `${SYSTEM_URL}/jobs/${encodeURIComponent(id)}/retry`),
    onSuccess: (_result, id) =>
      toast.success('Job queued again', {
        description: `Job #${id} will run again within a few seconds.`,
      }),
    onError: (error) =>
      toast.error('Retry failed', {
        description: errorMessage(error, 'The job could not be queued again. Please try again.'),
      }),
    // Returned so the button stays busy until the lists have been read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.system.all }),
  });
}
