import { mutationOptions, useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

/** GET /api/leaseholders/{id}/payments/{paymentId}/receipt: an offline payment's PDF receipt. */
export function receiptUrl(accountId: string, paymentId: string): string {
  return `/api/leaseholders/${encodeURIComponent(accountId)}/payments/${encodeURIComponent(paymentId)}/receipt`;
}

/** Fetched rather than followed as a link, so a refusal is a toast instead of a broken file. */
export const downloadReceiptMutationOptions = mutationOptions({
  mutationFn: ({ accountId, paymentId }: { accountId: string; paymentId: string }) =>
    downloadFile(receiptUrl(accountId, paymentId), `receipt-${paymentId}.pdf`),
  onError: (error) =>
    toast.error('Receipt not downloaded', {
      description: errorMessage(error, 'The receipt could not be made. Please try again.'),
    }),
});

export function useDownloadReceipt() {
  return useMutation(downloadReceiptMutationOptions);
}
