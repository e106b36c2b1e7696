import { mutationOptions, useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { apiRequest, errorMessage } from '@/lib/api-client';

/**
 * DELETE /api/upload/column-choices/{layout}: the clerk's column choices for a spreadsheet
 * layout are forgotten, so the next file with those headings asks again.
 */
export const forgetColumnChoicesMutationOptions = mutationOptions({
  mutationFn: (layout: string) =>
    apiRequest<void>('DELETE', `/api/upload/column-choices/${encodeURIComponent(layout)}`),
  onSuccess: () =>
    toast.success('Column choices forgotten', {
      description: 'The next file with these headings will ask again which column is which.',
    }),
  onError: (error) =>
    toast.error('Column choices not forgotten', {
      description: errorMessage(error, 'They could not be forgotten. Please try again.'),
    }),
});

export function useForgetColumnChoices() {
  return useMutation(forgetColumnChoicesMutationOptions);
}
