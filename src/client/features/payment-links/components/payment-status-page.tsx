import { Inbox } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { ListPager } from '@/components/list-pager';
import { RenewConfirmDialog } from '@/components/renew-confirm-dialog';
import { Card } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { useNow } from '@/lib/use-now';
import { useSearchBox } from '@/lib/use-search-box';
import type { PaymentLinkSort } from '../../../../shared/payment-links';
import { useExportPaymentLinks } from '../api/export-payment-links';
import { usePaymentLinks } from '../api/get-payment-links';
import { useRenewPaymentLink } from '../api/renew-payment-link';
import { useListQuery } from '../use-list-query';
import { PaymentLinksTable } from './payment-links-table';
import { PaymentStatusFilters } from './payment-status-filters';

function EmptyState({ isFiltered }: { isFiltered: boolean }) {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <Inbox aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="text-lg font-semibold">No payment links found</p>
      <p className="text-muted-foreground">
        {isFiltered ? 'Try adjusting your search or filters' : 'Upload tenant data to get started'}
      </p>
    </div>
  );
}

/** Spec section 2 "Payment Status", with paging, debounced search and CSV export. */
export function PaymentStatusPage() {
  const [query, update] = useListQuery();
  const links = usePaymentLinks(query);
  const { renew, renewingId } = useRenewPaymentLink();
  const [confirmingId, setConfirmingId] = useState<string | null>(null);
  const exportLinks = useExportPaymentLinks();
  const [searchText, setSearchText] = useSearchBox(query.search ?? '', (search) =>
    update({ search: search || undefined, offset: 0 }),
  );
  const now = useNow();

  const page = links.data;
  // A page past the end (a bookmark, or rows renewed or paid away since): its rows are gone but
  // the list is not empty, so go to the last page that has rows rather than claim there are none.
  const hasRowsElsewhere = page !== undefined && page.items.length === 0 && page.total > 0;
  const lastOffset = page ? Math.max(0, Math.ceil(page.total / query.limit) - 1) * query.limit : 0;
  const isPastEnd = !links.isPlaceholderData && query.offset > 0 && page?.items.length === 0;
  const goToLastPage = useEffectEvent(() => update({ offset: lastOffset }));
  useEffect(() => {
    if (isPastEnd) goToLastPage();
  }, [isPastEnd]);

  const onSort = (key: PaymentLinkSort) => {
    // Spec: the first click sorts ascending; clicking again toggles.
    const direction = query.sort === key && query.direction === 'asc' ? 'desc' : 'asc';
    update({ sort: key, direction, offset: 0 });
  };

  return (
    <div className="flex flex-col gap-4">
      <PaymentStatusFilters
        query={query}
        searchText={searchText}
        onSearchText={setSearchText}
        onChange={update}
        isRefreshing={links.isFetching}
        onRefresh={() => void links.refetch()}
        canExport={Boolean(page?.total)}
        isExporting={exportLinks.isPending}
        onExport={(onRecords) => exportLinks.mutate({ query, onRecords })}
      />
      {links.isError ? (
        <LoadErrorAlert
          title="Failed to load payment data."
          onRetry={() => void links.refetch()}
          isRetrying={links.isFetching}
        />
      ) : (
        <Card className="overflow-hidden p-0">
          <PaymentLinksTable
            links={page === undefined || hasRowsElsewhere ? undefined : page.items}
            query={query}
            now={now}
            renewingId={renewingId}
            onSort={onSort}
            onRenew={(link) => setConfirmingId(link.id)}
          />
          {page?.total === 0 ? (
            <EmptyState isFiltered={Boolean(query.status || query.search)} />
          ) : null}
          {page && page.items.length > 0 ? (
            <ListPager
              offset={query.offset}
              limit={query.limit}
              shown={page.items.length}
              total={page.total}
              isTotalCapped={page.isTotalCapped}
              onChange={update}
            />
          ) : null}
        </Card>
      )}
      <RenewConfirmDialog
        linkId={confirmingId}
        isRenewing={renewingId !== null && renewingId === confirmingId}
        onConfirm={(id) => renew(id, { onSettled: () => setConfirmingId(null) })}
        onCancel={() => setConfirmingId(null)}
      />
    </div>
  );
}
