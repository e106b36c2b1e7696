import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * "Showing 1–25 of 80" with Previous and Next, for a list paged on the server at a fixed page
 * size (the message log, the System page's lists; ListPager when staff choose the size).
 */
export function Pager({
  offset,
  shown,
  total,
  pageSize,
  isBusy,
  onOffsetChange,
  className,
}: {
  offset: number;
  shown: number;
  total: number;
  pageSize: number;
  isBusy: boolean;
  onOffsetChange: (offset: number) => void;
  className?: string;
}) {
  return (
    <nav
      aria-label="Pages"
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 border-t border-border pt-3',
        className,
      )}
    >
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {offset + 1}–{offset + shown} of {total}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={offset === 0 || isBusy}
          onClick={() => onOffsetChange(Math.max(0, offset - pageSize))}
        >
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={offset + shown >= total || isBusy}
          onClick={() => onOffsetChange(offset + pageSize)}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
