import { mutationOptions, useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { downloadCsv } from '@/lib/download';
import { plural } from '@/lib/plural';
import type { PaymentLinkListQuery } from '../../../../shared/payment-links';

type ExportQuery = Pick<PaymentLinkListQuery, 'status' | 'search' | 'sort' | 'direction'>;

/**
 * GET /api/payment-links/export.csv: every link of the filter and sort on screen, made on the
 * server (the list's own query parameters, without paging).
 */
export function exportPaymentLinksUrl(query: ExportQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.search) params.set('search', query.search);
  params.set('sort', query.sort);
  params.set('direction', query.direction);
  return `/api/payment-links/export.csv?${params}`;
}

interface ExportVariables {
  query: ExportQuery;
  /** Hears how many records of the file have arrived, its header included (ExportCsvButton). */
  onRecords?: (records: number) => void;
}

/** Saves the CSV and says how many rows it holds. */
export const exportPaymentLinksMutationOptions = mutationOptions({
  mutationFn: ({ query, onRecords }: ExportVariables) =>
    downloadCsv(exportPaymentLinksUrl(query), 'payment-links.csv', onRecords),
  onSuccess: (rows) =>
    toast.success('Export ready', { description: `${plural(rows, 'payment link')} exported.` }),
  onError: () =>
    toast.error('Export failed', { description: 'The payment links could not be exported.' }),
});

export function useExportPaymentLinks() {
  return useMutation(exportPaymentLinksMutationOptions);
}
