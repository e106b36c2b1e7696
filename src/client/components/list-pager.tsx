import { useId } from 'react';
import { PageButtons } from '@/components/pager';

const PAGE_SIZES = [25, 50, 100] as const;

/**
 * Under a server-paged list (Payment Status, Leaseholders): where the rows shown sit in the
 * whole list, the page size, and Previous / Next.
 */
export function ListPager({
  offset,
  limit,
  shown,
  total,
  isTotalCapped = false,
  onChange,
}: {
  offset: number;
  limit: number;
  /** Rows on this page. */
  shown: number;
  total: number;
  /** More match than were counted: `total` is a floor ("10,000+"). */
  isTotalCapped?: boolean;
  onChange: (next: { offset: number; limit?: number }) => void;
}) {
  const sizeId = useId();
  const from = offset + 1;
  const to = isTotalCapped ? offset + shown : Math.min(offset + shown, total);
  const hasMore = isTotalCapped ? shown === limit : to < total;
  return (
    <nav
      aria-label="Pages"
      className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-4 py-3 text-sm"
    >
      <span aria-live="polite">
        {from}–{to} of {total.toLocaleString('en-GB')}
        {isTotalCapped ? '+' : ''}
      </span>
      <PageButtons
        className="flex flex-wrap items-center gap-2"
        canGoBack={offset > 0}
        canGoForward={hasMore}
        onPrevious={() => onChange({ offset: Math.max(0, offset - limit) })}
        onNext={() => onChange({ offset: offset + limit })}
      >
        <span className="flex items-center gap-2">
          <label htmlFor={sizeId} className="text-muted-foreground">
            Per page
          </label>
          <select
            id={sizeId}
            className="h-9 rounded-md border border-input bg-card px-2"
            value={limit}
            onChange={(event) => onChange({ limit: Number(event.target.value), offset: 0 })}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </span>
      </PageButtons>
    </nav>
  );
}
