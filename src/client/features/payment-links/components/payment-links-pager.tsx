import { Button } from '@/components/ui/button';
import type { PaymentLinkListQuery } from '../../../../shared/payment-links';

const PAGE_SIZES = [25, 50, 100] as const;

/** Where the rows shown sit in the whole list, the page size, and Previous / Next. */
export function PaymentLinksPager({
  query,
  shown,
  total,
  isTotalCapped = false,
  onChange,
}: {
  query: PaymentLinkListQuery;
  /** Rows on this page. */
  shown: number;
  total: number;
  /** More match than were counted: `total` is a floor ("10,000+"). */
  isTotalCapped?: boolean;
  onChange: (next: Pick<PaymentLinkListQuery, 'offset'> & Partial<PaymentLinkListQuery>) => void;
}) {
  const from = query.offset + 1;
  const to = isTotalCapped ? query.offset + shown : Math.min(query.offset + shown, total);
  const hasMore = isTotalCapped ? shown === query.limit : to < total;
  return (
    <nav
      aria-label="Pages"
      className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-4 py-3 text-sm"
    >
      <span aria-live="polite">
        {from}–{to} of {total.toLocaleString('en-GB')}
        {isTotalCapped ? '+' : ''}
      </span>
      <div className="flex items-center gap-2">
        <label htmlFor="page-size" className="text-muted-foreground">
          Per page
        </label>
        <select
          id="page-size"
          className="h-9 rounded-md border border-input bg-card px-2"
          value={query.limit}
          onChange={(event) => onChange({ limit: Number(event.target.value), offset: 0 })}
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
          onClick={() => onChange({ offset: Math.max(0, query.offset - query.limit) })}
        >
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!hasMore}
          onClick={() => onChange({ offset: query.offset + query.limit })}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
