import { mutationOptions, useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { downloadFile } from '@/lib/download';
import { plural } from '@/lib/plural';
import type { LeaseholderListQuery } from '../../../../shared/leaseholders';
import { leaseholdersSearch } from './get-leaseholders';

type ExportQuery = Pick<LeaseholderListQuery, 'search' | 'status' | 'sort' | 'direction'>;

/** GET /api/leaseholders/export.csv: every account of the filter and sort on screen. */
export function exportLeaseholdersUrl(query: ExportQuery): string {
  const { search, status, sort, direction } = query;
  return `/api/leaseholders/export.csv?${leaseholdersSearch({ search, status, sort, direction })}`;
}

/** Saves the CSV; `count` is the list's total, for the toast (`isCapped`: at least that many). */
export const exportLeaseholdersMutationOptions = mutationOptions({
  mutationFn: ({ query }: { query: ExportQuery; count: number; isCapped: boolean }) =>
    downloadFile(exportLeaseholdersUrl(query), 'leaseholders.csv'),
  onSuccess: (_response, { count, isCapped }) =>
    toast.success('Export ready', {
      description: `${isCapped ? 'More than ' : ''}${plural(count, 'leaseholder')} exported.`,
    }),
  onError: () =>
    toast.error('Export failed', { description: 'The leaseholders could not be exported.' }),
});

export function useExportLeaseholders() {
  return useMutation(exportLeaseholdersMutationOptions);
}
