import { mutationOptions, useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { downloadCsv } from '@/lib/download';
import { plural } from '@/lib/plural';
import { formatDate } from '../../../../shared/dates';
import type { PaymentsExportQuery } from '../../../../shared/leaseholders';

/** GET /api/payments/export.csv: the payments received from one UK day to another. */
export function exportPaymentsUrl({ from, to }: PaymentsExportQuery): string {
  return `/api/payments/export.csv?${new URLSearchParams({ from, to })}`;
}

interface ExportVariables {
  query: PaymentsExportQuery;
  /** Hears how many records of the file have arrived, its header included. */
  onRecords?: (records: number) => void;
}

/** Saves the CSV and says how many payments it holds; a period with none saves no file. */
export const exportPaymentsMutationOptions = mutationOptions({
  mutationFn: ({ query, onRecords }: ExportVariables) =>
    downloadCsv(exportPaymentsUrl(query), 'payments-received.csv', onRecords, {
      skipEmpty: true,
    }),
  onSuccess: (rows, { query }) => {
    if (rows > 0) {
      toast.success('Export ready', { description: `${plural(rows, 'payment')} exported.` });
      return;
    }
    const period =
      query.from === query.to
        ? `on ${formatDate(query.from)}`
        : `from ${formatDate(query.from)} to ${formatDate(query.to)}`;
    toast.info('No payments to export', {
      description: `None were received ${period}, so no file was saved.`,
    });
  },
});

export function useExportPayments() {
  return useMutation(exportPaymentsMutationOptions);
}
