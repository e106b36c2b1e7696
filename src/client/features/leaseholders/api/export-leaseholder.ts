import { mutationOptions, useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

/** GET /api/leaseholders/{id}/export: everything held about the leaseholder, one JSON file. */
export function exportLeaseholderUrl(id: string): string {
  return `/api/leaseholders/${encodeURIComponent(id)}/export`;
}

/**
 * Saves the subject-access export under the server's file name (the account reference). Fetched
 * rather than followed as a link, so a refusal is a toast instead of a broken file.
 */
export const exportLeaseholderMutationOptions = mutationOptions({
  mutationFn: (id: string) => downloadFile(exportLeaseholderUrl(id), `leaseholder-${id}-data.json`),
  onSuccess: () =>
    toast.success('Export ready', {
      description: 'Everything held about this leaseholder was saved as a JSON file.',
    }),
  onError: (error) =>
    toast.error('Export failed', {
      description: errorMessage(error, 'The leaseholder’s data could not be exported.'),
    }),
});

export function useExportLeaseholder() {
  return useMutation(exportLeaseholderMutationOptions);
}
