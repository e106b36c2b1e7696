import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { PreviewData } from '../../../../shared/messages';

export const SEND_PREVIEW_URL = '/api/preview/send';

export interface SendPreviewResult {
  success: true;
  queued: number;
}

/** POST /api/preview/send: sends the payment link messages of the previewed link. */
export function useSendPreview() {
  return useMutation({
    mutationFn: (data: PreviewData) =>
      apiRequest<SendPreviewResult>('POST', SEND_PREVIEW_URL, data),
  });
}
