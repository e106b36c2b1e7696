import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { PreviewData } from '../../../../shared/messages';

export interface SendPreviewResult {
  success: true;
  queued: number;
}

/** POST /api/preview/send: sends the payment link messages of the previewed link. */
export const sendPreviewMutationOptions = mutationOptions({
  mutationFn: (data: PreviewData) =>
    apiRequest<SendPreviewResult>('POST', '/api/preview/send', data),
});

export function useSendPreview() {
  return useMutation(sendPreviewMutationOptions);
}
