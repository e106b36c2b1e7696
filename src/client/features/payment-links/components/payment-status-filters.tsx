import { RefreshCw } from 'lucide-react';
import { ExportCsvButton } from '@/components/export-csv-button';
import { PhoneSortSelect } from '@/components/phone-sort-select';
import { SearchField } from '@/components/search-field';
import { Button } from '@/components/ui/button';
import { PAYMENT_LINK_STATUSES, type PaymentLinkListQuery } from '../../../../shared/payment-links';

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

const selectClass = 'h-11 rounded-md border border-input bg-card px-3 text-sm';

/** Spec section 2's filters (search, status), the phone's sort menu, Refresh and Export CSV. */
export function PaymentStatusFilters({
  query,
  searchText,
  onSearchText,
  onChange,
  isRefreshing,
  onRefresh,
  canExport,
  isExporting,
  onExport,
}: {
  query: PaymentLinkListQuery;
  searchText: string;
  onSearchText: (text: string) => void;
  onChange: (next: Partial<PaymentLinkListQuery>) => void;
  isRefreshing: boolean;
  onRefresh: () => void;
  canExport: boolean;
  isExporting: boolean;
  onExport: (onRecords: (records: number) => void) => void;
}) {
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-end">
      <SearchField
        id="payment-search"
        placeholder="Tenant name, email or address"
        value={searchText}
        onChange={onSearchText}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor="payment-status" className="text-sm font-medium">
          Status
        </label>
        <select
          id="payment-status"
          className={selectClass}
          value={query.status ?? ''}
          onChange={(event) =>
            onChange({
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
      <PhoneSortSelect
        options={PHONE_SORTS}
        sort={query.sort}
        direction={query.direction}
        onChange={onChange}
      />
      <div className="flex gap-2">
        <Button variant="outline" onClick={onRefresh} disabled={isRefreshing}>
          <RefreshCw aria-hidden="true" className={isRefreshing ? 'animate-spin' : undefined} />
          Refresh
        </Button>
        <ExportCsvButton isExporting={isExporting} disabled={!canExport} onExport={onExport} />
      </div>
    </div>
  );
}
