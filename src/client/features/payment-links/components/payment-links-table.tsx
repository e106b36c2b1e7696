import { SortHeader } from '@/components/sort-header';
import { Skeleton } from '@/components/ui/skeleton';
import type {
  PaymentLinkItem,
  PaymentLinkListQuery,
  PaymentLinkSort,
} from '../../../../shared/payment-links';
import { PaymentLinkRow } from './payment-link-row';

/**
 * Spec section 2's table: sortable Tenant Details, Amount and Status, then Link Expires and
 * Actions; five skeleton rows while `links` is undefined. Below md each row is a card, so a
 * phone never scrolls sideways.
 */
export function PaymentLinksTable({
  links,
  query,
  now,
  renewingId,
  onSort,
  onRenew,
}: {
  links: PaymentLinkItem[] | undefined;
  query: PaymentLinkListQuery;
  now: number;
  renewingId: string | null;
  onSort: (key: PaymentLinkSort) => void;
  onRenew: (link: PaymentLinkItem) => void;
}) {
  return (
    <div className="md:overflow-x-auto">
      <table className="w-full text-left text-sm md:min-w-[44rem]">
        <caption className="sr-only">Payment links</caption>
        <thead className="hidden bg-muted text-muted-foreground md:table-header-group">
          <tr>
            <SortHeader
              label="Tenant Details"
              sortKey="tenantName"
              sort={query.sort}
              direction={query.direction}
              onSort={onSort}
            />
            <SortHeader
              label="Amount"
              sortKey="amount"
              sort={query.sort}
              direction={query.direction}
              onSort={onSort}
            />
            <SortHeader
              label="Status"
              sortKey="status"
              sort={query.sort}
              direction={query.direction}
              onSort={onSort}
            />
            <th scope="col" className="px-4 py-3 font-medium">
              Link Expires
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {links === undefined
            ? [0, 1, 2, 3, 4].map((row) => (
                <tr key={row} className="block border-t border-border md:table-row">
                  <td className="block px-4 py-3 md:table-cell" colSpan={5}>
                    <Skeleton className="h-10 w-full" data-testid="link-skeleton" />
                  </td>
                </tr>
              ))
            : links.map((link) => (
                <PaymentLinkRow
                  key={link.id}
                  link={link}
                  now={now}
                  isRenewing={renewingId === link.id}
                  onRenew={onRenew}
                />
              ))}
        </tbody>
      </table>
    </div>
  );
}
