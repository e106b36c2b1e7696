import { mutationOptions, useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { downloadFile } from '@/lib/download';
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

/** Saves the CSV; `count` is the list's total, for the toast (`isCapped`: at least that many). */
export const exportPaymentLinksMutationOptions = mutationOptions({
  mutationFn: ({ query }: { query: ExportQuery; count: number; isCapped: boolean }) =>
    downloadFile(exportPaymentLinksUrl(query), 'payment-links.csv'),
  onSuccess: (_response, { count, isCapped }) =>
    toast.success('Export ready', {
      description: `${isCapped ? 'More than ' : ''}${plural(count, 'payment link')} exported.`,
    }),
  onError: () =>
    toast.error('Export failed', { description: 'The payment links could not be exported.' }),
});

export function useExportPaymentLinks() {
  return useMutation(exportPaymentLinksMutationOptions);
}
