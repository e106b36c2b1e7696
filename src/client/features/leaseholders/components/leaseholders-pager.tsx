import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { LeaseholderListQuery } from '../../../../shared/leaseholders';

const PAGE_SIZES = [25, 50, 100] as const;

/** Where the rows shown sit in the whole list, the page size, and Previous / Next. */
export function LeaseholdersPager({
  query,
  shown,
  total,
  onChange,
}: {
  query: LeaseholderListQuery;
  shown: number;
  total: number;
  onChange: (next: Partial<LeaseholderListQuery>) => void;
}) {
  const from = query.offset + 1;
  const to = Math.min(query.offset + shown, total);
  return (
    <nav
      aria-label="Pages"
      className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-4 py-3 text-sm"
    >
      <span aria-live="polite">
        {from}–{to} of {total.toLocaleString('en-GB')}
      </span>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="leaseholder-page-size" className="text-muted-foreground">
          Per page
        </label>
        <select
          id="leaseholder-page-size"
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
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={to >= total}
          onClick={() => onChange({ offset: query.offset + query.limit })}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
