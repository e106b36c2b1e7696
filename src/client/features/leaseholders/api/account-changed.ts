import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import type { LeaseholderDetail } from '../../../../shared/leaseholders';

/** Everything else that shows a leaseholder's balance, links or messages. */
export function refreshAccountViews(client: QueryClient): Promise<unknown> {
  return Promise.all(
    [
      queryKeys.leaseholders.lists,
      queryKeys.paymentLinks.all,
      queryKeys.dashboard.all,
      queryKeys.messages.all,
    ].map((queryKey) => client.invalidateQueries({ queryKey })),
  );
}

/**
 * An action answered the account as it now is: the page shows it at once, without another read,
 * and the lists and dashboard read theirs again when next shown.
 */
export function showChangedAccount(client: QueryClient, detail: LeaseholderDetail): void {
  client.setQueryData(queryKeys.leaseholders.detail(detail.id), detail);
  void refreshAccountViews(client);
}
