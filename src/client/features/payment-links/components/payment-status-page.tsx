import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  Download,
  ExternalLink,
  Inbox,
  Loader2,
  RefreshCw,
  RotateCw,
  Search,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/api-client';
import { timeRemaining } from '../../../../shared/expiry';
import { formatPence } from '../../../../shared/money';
import {
  type PAYMENT_LINK_SORTS,
  PAYMENT_LINK_STATUSES,
  type PaymentLinkItem,
  type PaymentLinkListQuery,
  PaymentLinkListQuerySchema,
} from '../../../../shared/payment-links';
import { usePaymentLinks } from '../api/list-payment-links';
import { useRenewPaymentLink } from '../api/renew-payment-link';
import { exportPaymentLinks } from '../export-csv';
import { StatusBadge } from './status-badge';

const PAGE_SIZES = [25, 50, 100] as const;

/** On a phone the column headers give way to cards, so sorting is one menu. */
const PHONE_SORTS = [
  ['createdAt:desc', 'Newest first'],
  ['createdAt:asc', 'Oldest first'],
  ['tenantName:asc', 'Name A–Z'],
  ['tenantName:desc', 'Name Z–A'],
  ['amount:desc', 'Largest amount'],
  ['amount:asc', 'Smallest amount'],
  ['expiresAt:asc', 'Expiring soonest'],
  ['status:asc', 'Status'],
] as const;
const SEARCH_DEBOUNCE_MS = 300;

/** The view's filters, sort and page live in the address, so a view can be bookmarked. */
function useListQuery(): [PaymentLinkListQuery, (next: Partial<PaymentLinkListQuery>) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const raw = Object.fromEntries(new URLSearchParams(search));
  const parsed = PaymentLinkListQuerySchema.safeParse({ limit: 25, ...raw });
  const query = parsed.success ? parsed.data : PaymentLinkListQuerySchema.parse({ limit: 25 });
  const update = (next: Partial<PaymentLinkListQuery>) => {
    const merged = { ...query, ...next };
    const params = new URLSearchParams();
    if (merged.status) params.set('status', merged.status);
    if (merged.search) params.set('search', merged.search);
    if (merged.sort !== 'createdAt' || merged.direction !== 'desc') {
      params.set('sort', merged.sort);
      params.set('direction', merged.direction);
    }
    if (merged.limit !== 25) params.set('limit', String(merged.limit));
    if (merged.offset > 0) params.set('offset', String(merged.offset));
    const text = params.toString();
    navigate(`/payments${text ? `?${text}` : ''}`, { replace: true });
  };
  return [query, update];
}

/** Spec section 2: pending links show days, else hours, else minutes left, or 'Expired'. */
function linkExpires(link: PaymentLinkItem, now: number): string {
  if (link.status !== 'pending') return '-';
  return timeRemaining(Date.parse(link.expiresAt), now) ?? 'Expired';
}

type SortKey = (typeof PAYMENT_LINK_SORTS)[number];

/** A column's name over its value in the phone's card layout (the header row is hidden there). */
function PhoneLabel({ children }: { children: string }) {
  return <div className="text-xs font-medium text-muted-foreground md:hidden">{children}</div>;
}

function SortHeader({
  label,
  sortKey,
  query,
  onSort,
}: {
  label: string;
  sortKey: SortKey;
  query: PaymentLinkListQuery;
  onSort: (key: SortKey) => void;
}) {
  const isActive = query.sort === sortKey;
  const Icon = !isActive ? ArrowUpDown : query.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={isActive ? (query.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className="px-4 py-3 font-medium"
    >
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className="inline-flex min-h-9 items-center gap-1 rounded hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {label}
        <Icon aria-hidden="true" className="size-4" />
      </button>
    </th>
  );
}

/** Spec section 2 "Payment Status", with paging, debounced search and CSV export. */
export function PaymentStatusPage() {
  const [query, update] = useListQuery();
  const links = usePaymentLinks(query);
  const renew = useRenewPaymentLink();
  const [searchText, setSearchText] = useState(query.search ?? '');
  const [renewingId, setRenewingId] = useState<string | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  const now = Date.now();

  useEffect(() => {
    if ((query.search ?? '') === searchText.trim()) return;
    const timer = setTimeout(
      () => update({ search: searchText.trim() || undefined, offset: 0 }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  });

  const onSort = (key: SortKey) => {
    // Spec: the first click sorts ascending; clicking again toggles.
    const direction = query.sort === key && query.direction === 'asc' ? 'desc' : 'asc';
    update({ sort: key, direction, offset: 0 });
  };

  const onRenew = (link: PaymentLinkItem) => {
    setRenewingId(link.id);
    renew.mutate(link.id, {
      onSuccess: () =>
        toast.success('Payment link renewed', {
          description: 'A new payment link has been generated and sent to the tenant.',
        }),
      onError: (error) =>
        toast.error('Failed to renew link', {
          description: errorMessage(error, 'Something went wrong'),
        }),
      onSettled: () => setRenewingId(null),
    });
  };

  const onExport = async () => {
    setIsExporting(true);
    try {
      const count = await exportPaymentLinks(query);
      toast.success('Export ready', { description: `${count} payment links exported.` });
    } catch {
      toast.error('Export failed', { description: 'The payment links could not be exported.' });
    } finally {
      setIsExporting(false);
    }
  };

  const page = links.data;
  const isFiltered = Boolean(query.status || query.search);
  const from = page && page.total > 0 ? query.offset + 1 : 0;
  const to = page ? Math.min(query.offset + page.items.length, page.total) : 0;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor="payment-search" className="text-sm font-medium">
            Search
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id="payment-search"
              type="search"
              className="pl-9"
              placeholder="Tenant name, email or address"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="payment-status" className="text-sm font-medium">
            Status
          </label>
          <select
            id="payment-status"
            className="h-11 rounded-md border border-input bg-card px-3 text-sm"
            value={query.status ?? ''}
            onChange={(event) =>
              update({
                status: (event.target.value || undefined) as PaymentLinkListQuery['status'],
                offset: 0,
              })
            }
          >
            <option value="">All Statuses</option>
            {PAYMENT_LINK_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status[0]!.toUpperCase() + status.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1 md:hidden">
          <label htmlFor="payment-sort" className="text-sm font-medium">
            Sort by
          </label>
          <select
            id="payment-sort"
            className="h-11 rounded-md border border-input bg-card px-3 text-sm"
            value={`${query.sort}:${query.direction}`}
            onChange={(event) => {
              const [sort, direction] = event.target.value.split(':') as [SortKey, 'asc' | 'desc'];
              update({ sort, direction, offset: 0 });
            }}
          >
            {PHONE_SORTS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-2">
          <Button
            variant="outline"
            onClick={() => void links.refetch()}
            disabled={links.isFetching}
          >
            <RefreshCw
              aria-hidden="true"
              className={links.isFetching ? 'animate-spin' : undefined}
            />
            Refresh
          </Button>
          <Button variant="outline" onClick={onExport} disabled={isExporting || !page?.total}>
            <Download aria-hidden="true" />
            Export CSV
          </Button>
        </div>
      </div>

      {links.isError ? (
        <LoadErrorAlert
          title="Failed to load payment data."
          onRetry={() => void links.refetch()}
          isRetrying={links.isFetching}
        />
      ) : (
        <Card className="overflow-hidden p-0">
          {/* Below md each row is a card: no sideways scrolling on a phone. */}
          <div className="md:overflow-x-auto">
            <table className="w-full text-left text-sm md:min-w-[44rem]">
              <caption className="sr-only">Payment links</caption>
              <thead className="hidden bg-muted text-muted-foreground md:table-header-group">
                <tr>
                  <SortHeader
                    label="Tenant Details"
                    sortKey="tenantName"
                    query={query}
                    onSort={onSort}
                  />
                  <SortHeader label="Amount" sortKey="amount" query={query} onSort={onSort} />
                  <SortHeader label="Status" sortKey="status" query={query} onSort={onSort} />
                  <th scope="col" className="px-4 py-3 font-medium">
                    Link Expires
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {links.isPending
                  ? [0, 1, 2, 3, 4].map((row) => (
                      <tr key={row} className="block border-t border-border md:table-row">
                        <td className="block px-4 py-3 md:table-cell" colSpan={5}>
                          <Skeleton className="h-10 w-full" />
                        </td>
                      </tr>
                    ))
                  : page?.items.map((link) => (
                      <tr
                        key={link.id}
                        className="grid grid-cols-2 gap-x-4 gap-y-2 border-t border-border px-4 py-4 align-top md:table-row md:p-0"
                      >
                        <td className="col-span-2 md:table-cell md:px-4 md:py-3">
                          <div className="font-medium">{link.tenant.name}</div>
                          <div className="text-muted-foreground">
                            {link.tenant.email ?? 'No email'}
                          </div>
                          <div className="text-muted-foreground">{link.tenant.address}</div>
                        </td>
                        <td className="font-medium tabular-nums md:table-cell md:px-4 md:py-3">
                          <PhoneLabel>Amount</PhoneLabel>
                          {formatPence(link.amountPence)}
                        </td>
                        <td className="md:table-cell md:px-4 md:py-3">
                          <PhoneLabel>Status</PhoneLabel>
                          <StatusBadge link={link} />
                        </td>
                        <td className="whitespace-nowrap md:table-cell md:px-4 md:py-3">
                          <PhoneLabel>Link Expires</PhoneLabel>
                          {linkExpires(link, now)}
                        </td>
                        <td className="col-span-2 md:table-cell md:px-4 md:py-3">
                          <div className="flex flex-wrap gap-2">
                            <Button variant="outline" size="sm" asChild>
                              <a href={link.linkUrl} target="_blank" rel="noreferrer noopener">
                                <ExternalLink aria-hidden="true" />
                                View
                              </a>
                            </Button>
                            {(link.status === 'pending' || link.status === 'expired') &&
                            !link.replacedBy &&
                            !link.isProcessing ? (
                              <Button
                                variant="secondary"
                                size="sm"
                                onClick={() => onRenew(link)}
                                disabled={renewingId === link.id}
                              >
                                {renewingId === link.id ? (
                                  <Loader2 aria-hidden="true" className="animate-spin" />
                                ) : (
                                  <RotateCw aria-hidden="true" />
                                )}
                                Renew
                              </Button>
                            ) : null}
                          </div>
                        </td>
                      </tr>
                    ))}
              </tbody>
            </table>
          </div>
          {page && page.items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
              <Inbox aria-hidden="true" className="size-10 text-muted-foreground" />
              <p className="text-lg font-semibold">No payment links found</p>
              <p className="text-muted-foreground">
                {isFiltered
                  ? 'Try adjusting your search or filters'
                  : 'Upload tenant data to get started'}
              </p>
            </div>
          ) : null}
          {page && page.total > 0 ? (
            <nav
              aria-label="Pages"
              className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-4 py-3 text-sm"
            >
              <span aria-live="polite">
                {from}–{to} of {page.total.toLocaleString('en-GB')}
              </span>
              <div className="flex items-center gap-2">
                <label htmlFor="page-size" className="text-muted-foreground">
                  Per page
                </label>
                <select
                  id="page-size"
                  className="h-9 rounded-md border border-input bg-card px-2"
                  value={query.limit}
                  onChange={(event) => update({ limit: Number(event.target.value), offset: 0 })}
                >
                  {PAGE_SIZES.map((size) => (
                    <option key={size} value={size}>
                      {size}
                    </option>
                  ))}
                </select>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={query.offset === 0}
                  onClick={() => update({ offset: Math.max(0, query.offset - query.limit) })}
                >
                  Previous
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={to >= page.total}
                  onClick={() => update({ offset: query.offset + query.limit })}
                >
                  Next
                </Button>
              </div>
            </nav>
          ) : null}
        </Card>
      )}
    </div>
  );
}
