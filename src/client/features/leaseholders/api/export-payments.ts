import { mutationOptions, useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { downloadCsv } from '@/lib/download';
import { plural } from '@/lib/plural';
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

/** Saves the CSV and says how many payments it holds. */
export const exportPaymentsMutationOptions = mutationOptions({
  mutationFn: ({ query, onRecords }: ExportVariables) =>
    downloadCsv(exportPaymentsUrl(query), 'payments-received.csv', onRecords),
  onSuccess: (rows) =>
    toast.success('Export ready', { description: `${plural(rows, 'payment')} exported.` }),
});

export function useExportPayments() {
  return useMutation(exportPaymentsMutationOptions);
}
