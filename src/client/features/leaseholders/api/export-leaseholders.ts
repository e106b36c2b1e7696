import { mutationOptions, useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { downloadCsv } from '@/lib/download';
import { plural } from '@/lib/plural';
import type { LeaseholderListQuery } from '../../../../shared/leaseholders';
import { leaseholdersSearch } from './get-leaseholders';

type ExportQuery = Pick<LeaseholderListQuery, 'search' | 'status' | 'sort' | 'direction'>;

/** GET /api/leaseholders/export.csv: every account of the filter and sort on screen. */
export function exportLeaseholdersUrl(query: ExportQuery): string {
  const { search, status, sort, direction } = query;
  return `/api/leaseholders/export.csv?${leaseholdersSearch({ search, status, sort, direction })}`;
}

interface ExportVariables {
  query: ExportQuery;
  /** Hears how many records of the file have arrived, its header included (ExportCsvButton). */
  onRecords?: (records: number) => void;
}

/** Saves the CSV and says how many rows it holds. */
export const exportLeaseholdersMutationOptions = mutationOptions({
  mutationFn: ({ query, onRecords }: ExportVariables) =>
    downloadCsv(exportLeaseholdersUrl(query), 'leaseholders.csv', onRecords),
  onSuccess: (rows) =>
    toast.success('Export ready', { description: `${plural(rows, 'leaseholder')} exported.` }),
  onError: () =>
    toast.error('Export failed', { description: 'The leaseholders could not be exported.' }),
});

export function useExportLeaseholders() {
  return useMutation(exportLeaseholdersMutationOptions);
}
