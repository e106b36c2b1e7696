import { Receipt, SearchX, Send, Upload, Users } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { Link } from 'wouter';
import { ExportCsvButton } from '@/components/export-csv-button';
import { ListPager } from '@/components/list-pager';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { useNow } from '@/lib/use-now';
import { useSearchBox } from '@/lib/use-search-box';
import type { LeaseholderSort } from '../../../../shared/leaseholders';
import { useExportLeaseholders } from '../api/export-leaseholders';
import { useLeaseholders } from '../api/get-leaseholders';
import { useLeaseholderListQuery } from '../use-leaseholder-list-query';
import { ChaseDialog } from './chase-dialog';
import { ExportPaymentsDialog } from './export-payments-dialog';
import { LeaseholderFilters } from './leaseholder-filters';
import { LeaseholdersTable } from './leaseholders-table';

/** Which way a column sorts on its first click: the biggest debts and oldest first. */
const FIRST_DIRECTION: Record<LeaseholderSort, 'asc' | 'desc'> = {
  balance: 'desc',
  daysOwing: 'desc',
  name: 'asc',
};

function EmptyState({ isFiltered, onClear }: { isFiltered: boolean; onClear: () => void }) {
  if (isFiltered) {
    return (
      <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
        <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
        <p className="text-lg font-semibold">No leaseholders match</p>
        <p className="text-muted-foreground">Try adjusting your search or filters</p>
        <Button variant="outline" className="mt-2" onClick={onClear}>
          Clear search and filters
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <Users aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="text-lg font-semibold">No leaseholders yet</p>
      <p className="max-w-md text-muted-foreground">
        Each leaseholder in an uploaded spreadsheet gets an account here, with their balance and
        history.
      </p>
      <Button variant="outline" className="mt-2" asChild>
        <Link href="/upload">
          <Upload aria-hidden="true" />
          Upload a spreadsheet
        </Link>
      </Button>
    </div>
  );
}

/** /leaseholders (issue 29): every account, searched, filtered, sorted and paged on the server. */
export function LeaseholdersPage() {
  const [query, update] = useLeaseholderListQuery();
  const list = useLeaseholders(query);
  const exporter = useExportLeaseholders();
  const [isPaymentsOpen, setIsPaymentsOpen] = useState(false);
  const [isChaseOpen, setIsChaseOpen] = useState(false);
  const [searchText, setSearchText] = useSearchBox(query.search ?? '', (search) =>
    update({ search: search || undefined, offset: 0 }),
  );
  const now = useNow();
  const page = list.data;

  // A page past the end (a bookmark, or accounts gone from the filter since): go to the last page.
  const isPastEnd = !list.isPlaceholderData && query.offset > 0 && page?.items.length === 0;
  const lastOffset = page ? Math.max(0, Math.ceil(page.total / query.limit) - 1) * query.limit : 0;
  const goToLastPage = useEffectEvent(() => update({ offset: lastOffset }));
  useEffect(() => {
    if (isPastEnd) goToLastPage();
  }, [isPastEnd]);

  const onSort = (key: LeaseholderSort) => {
    const direction =
      query.sort === key ? (query.direction === 'asc' ? 'desc' : 'asc') : FIRST_DIRECTION[key];
    update({ sort: key, direction, offset: 0 });
  };

  return (
    <>
      <PageHeader
        title="Leaseholders"
        description="Every leaseholder’s balance, payment link and history"
        actions={
          <div className="flex flex-wrap gap-3 self-start lg:self-auto">
            <Button variant="outline" onClick={() => setIsChaseOpen(true)}>
              <Send aria-hidden="true" />
              Chase everyone owing
            </Button>
            <Button variant="outline" onClick={() => setIsPaymentsOpen(true)}>
              <Receipt aria-hidden="true" />
              Payments received
            </Button>
            <ExportCsvButton
              isExporting={exporter.isPending}
              disabled={!page?.total}
              onExport={(onRecords) => exporter.mutate({ query, onRecords })}
            />
          </div>
        }
      />
      <ExportPaymentsDialog isOpen={isPaymentsOpen} onClose={() => setIsPaymentsOpen(false)} />
      <ChaseDialog
        isOpen={isChaseOpen}
        onClose={() => setIsChaseOpen(false)}
        onShowList={(status) => {
          setIsChaseOpen(false);
          update({ status, offset: 0 });
        }}
      />
      <div className="flex flex-col gap-4">
        <LeaseholderFilters
          query={query}
          searchText={searchText}
          onSearchText={setSearchText}
          onChange={update}
        />
        {list.isError ? (
          <LoadErrorAlert
            title="Failed to load leaseholders."
            onRetry={() => void list.refetch()}
            isRetrying={list.isFetching}
          />
        ) : (
          <Card className="overflow-hidden p-0">
            <LeaseholdersTable
              leaseholders={page === undefined || isPastEnd ? undefined : page.items}
              query={query}
              now={now}
              onSort={onSort}
            />
            {page?.total === 0 ? (
              <EmptyState
                isFiltered={Boolean(query.status || query.search)}
                onClear={() => {
                  setSearchText('');
                  update({ search: undefined, status: undefined, offset: 0 });
                }}
              />
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
      </div>
    </>
  );
}
